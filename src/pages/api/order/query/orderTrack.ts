import { OrderContracts } from '#lib/orders/contracts.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readOrderTrack } from '#lib/orders/queries.server.ts';

/** What happened to the caller's order, oldest first. */
export const GET = endpoint(OrderContracts.orderTrack, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readOrderTrack(context.locals.database.db, {
    userId: user.id,
    shopId: query.shopBizCode,
    orderNo: query.orderNo,
  });
});
