import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readOrderTrack } from '#lib/orders/index.server.ts';

/** What happened to the caller's order, oldest first. */
export const GET = endpoint(OrderContracts.orderTrack, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readOrderTrack(context.locals.database.db, {
    userId: user.id,
    shopId: query.shopBizCode,
    orderNo: query.orderNo,
  });
});
