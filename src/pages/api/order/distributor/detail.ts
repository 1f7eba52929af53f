import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readDistributorOrder } from '#lib/orders/index.server.ts';

/** One promotion order: the region only for a keeper, the whole delivery for the one who ships it. */
export const GET = endpoint(OrderContracts.distributorDetail, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readDistributorOrder(context.locals.database.db, {
    distributorId: user.id,
    shopId: query.shopBizCode,
    orderNo: query.orderNo,
  });
});
