import { OrderContracts } from '#lib/orders/contracts.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readLogistics } from '#lib/orders/queries.server.ts';

/** The parcel of the caller's shipped order: carrier, tracking number and traces, newest first. */
export const GET = endpoint(OrderContracts.logistics, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readLogistics(context.locals.database.db, {
    userId: user.id,
    shopId: query.shopBizCode,
    orderNo: query.orderNo,
  });
});
