import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listOrders } from '#lib/orders/index.server.ts';

/** The order list (订单 tab): a tab's orders of the caller in the shop, a page, every tab's count. */
export const GET = endpoint(OrderContracts.list, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return listOrders(context.locals.database.db, {
    userId: user.id,
    shopId: query.shopBizCode,
    tab: query.tab,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  });
});
