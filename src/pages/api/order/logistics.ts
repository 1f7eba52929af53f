import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readLogistics } from '#lib/orders/index.server.ts';

/** The parcel of the caller's shipped order: carrier, tracking number and traces, newest first. */
export const GET = endpoint(OrderContracts.logistics, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readLogistics(context.locals.database.db, {
    userId: user.id,
    shopId: query.shopBizCode,
    orderNo: query.orderNo,
  });
});
