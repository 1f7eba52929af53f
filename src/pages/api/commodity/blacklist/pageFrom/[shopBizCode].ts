import { BlacklistContracts } from '#lib/catalog/blacklist-contracts.ts';
import { listHiddenSales } from '#lib/catalog/blacklist.server.ts';
import { shopOfPath } from '#lib/catalog/markups.server.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';

/** The shop's hidden sales with brand, title and when they were hidden, one page. */
export const GET = endpoint(BlacklistContracts.pageFrom, ({ params, query, context }) =>
  listHiddenSales(context.locals.database.db, {
    shopId: shopOfPath(params.shopBizCode, query.shopBizCode),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }),
);
