import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { searchDistributorOrders } from '#lib/orders/index.server.ts';

/** The distributor's promotion orders by product name or order number. */
export const POST = endpoint(
  OrderContracts.distributorSearch,
  async ({ query, body, user, context }) => {
    if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
    return searchDistributorOrders(context.locals.database.db, {
      distributorId: user.id,
      shopId: query.shopBizCode,
      keyword: body.keyword,
      pageNum: body.pageNum,
    });
  },
);
