import { BlacklistContracts } from '#lib/catalog/index.ts';
import { listHiddenSales } from '#lib/catalog/index.server.ts';
import { shopOfPath } from '#lib/catalog/index.server.ts';
import { endpoint } from '#lib/shell/index.server.ts';

/** The shop's hidden sales with brand, title and when they were hidden, one page. */
export const GET = endpoint(BlacklistContracts.pageFrom, ({ params, query, context }) =>
  listHiddenSales(context.locals.database.db, {
    shopId: shopOfPath(params.shopBizCode, query.shopBizCode),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }),
);
