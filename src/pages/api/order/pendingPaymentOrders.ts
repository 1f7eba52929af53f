import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { pendingPaymentOrders } from '#lib/orders/index.server.ts';

/** The caller's unpaid orders still within their deadline (the unpaid-order guide, 10 per page). */
export const GET = endpoint(OrderContracts.pendingPayment, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return pendingPaymentOrders(context.locals.database.db, {
    userId: user.id,
    shopId: query.shopBizCode,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  });
});
