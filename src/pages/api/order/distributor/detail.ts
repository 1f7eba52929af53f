import { OrderContracts } from '#lib/orders/contracts.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readDistributorOrder } from '#lib/orders/queries.server.ts';

/** One promotion order without the buyer's private data (the region only). */
export const GET = endpoint(OrderContracts.distributorDetail, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readDistributorOrder(context.locals.database.db, {
    distributorId: user.id,
    shopId: query.shopBizCode,
    orderNo: query.orderNo,
  });
});
