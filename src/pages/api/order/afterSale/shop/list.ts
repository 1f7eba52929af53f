import { AfterSaleContracts } from '#lib/after-sales/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { listShopAfterSales } from '#lib/after-sales/after-sales.server.ts';

/** The owner's review screen: this shop's after-sales, those waiting first. */
export const GET = endpoint(AfterSaleContracts.shopList, async ({ query, user, context }) =>
  listShopAfterSales(context.locals.database.db, {
    shopId: query.shopBizCode,
    ownerId: user.id,
    status: query.status,
  }),
);
