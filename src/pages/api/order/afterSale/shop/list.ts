import { AfterSaleContracts } from '#lib/after-sales/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listShopAfterSales } from '#lib/after-sales/index.server.ts';

/** The owner's review screen: this shop's after-sales, those waiting first. */
export const GET = endpoint(AfterSaleContracts.shopList, async ({ query, user, context }) =>
  listShopAfterSales(context.locals.database.db, {
    shopId: query.shopBizCode,
    ownerId: user.id,
    status: query.status,
  }),
);
