import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { carrierName } from '#lib/orders/index.ts';
import { shipOrder } from '#lib/orders/index.server.ts';
import { readDistributorOrder } from '#lib/orders/index.server.ts';
import { logisticsTracker } from '#lib/orders/index.server.ts';

/**
 * 发货: the shop's owner ships a paid order with a carrier and tracking number; the parcel is
 * subscribed at Kuaidi100 (a failure is retried by the order timers, never refused here).
 */
export const POST = endpoint(OrderContracts.ship, async ({ query, body, user, context }) => {
  const company = carrierName(body.carrier);
  if (!company) throw appError(Errors.CARRIER_UNKNOWN);
  const db = context.locals.database.db;
  await shipOrder(
    db,
    {
      shopId: query.shopBizCode,
      ownerId: user.id,
      orderNo: body.orderNo,
      carrier: body.carrier,
      company,
      trackingNo: body.trackingNo,
    },
    await logisticsTracker(db),
  );
  return readDistributorOrder(db, {
    shopId: query.shopBizCode,
    distributorId: user.id,
    orderNo: body.orderNo,
  });
});
