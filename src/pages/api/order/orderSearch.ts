import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { searchOrders } from '#lib/orders/index.server.ts';

/** The caller's own orders by a part of a product name or by order number (a read). */
export const POST = endpoint(OrderContracts.search, async ({ query, body, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return searchOrders(context.locals.database.db, {
    userId: user.id,
    shopId: query.shopBizCode,
    keyword: body.keyword,
    pageNum: body.pageNum,
  });
});
