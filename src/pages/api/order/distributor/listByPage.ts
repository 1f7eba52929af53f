import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listDistributorOrders } from '#lib/orders/index.server.ts';

/**
 * The distributor's promotion orders (推广订单) in the shop: only those attributed to them, the
 * buyer masked; with scope=shop, every order of the shop for its owner (others refused).
 */
export const GET = endpoint(OrderContracts.distributorList, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return listDistributorOrders(context.locals.database.db, {
    distributorId: user.id,
    shopId: query.shopBizCode,
    tab: query.tab,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    shopWide: query.scope === 'shop',
  });
});
