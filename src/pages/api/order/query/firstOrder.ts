import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { isFirstOrder } from '#lib/orders/index.server.ts';

/** Whether the caller has never paid for an order in the shop. */
export const GET = endpoint(OrderContracts.firstOrder, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return isFirstOrder(context.locals.database.db, { userId: user.id, shopId: query.shopBizCode });
});
