import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { hideOrder } from '#lib/orders/index.server.ts';

/** Removes the caller's completed or cancelled order from their list (query orderNo). */
export const POST = endpoint(OrderContracts.hide, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  await hideOrder(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    orderNo: query.orderNo,
  });
  return { orderNo: query.orderNo };
});
