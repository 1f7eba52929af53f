import { CatalogContracts } from '#lib/catalog/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { searchProducts } from '#lib/catalog/index.server.ts';

/**
 * Keyword search for islands and other clients: one page of the shop's matching products (prices
 * with markups) and the matching brands. The shop is named by shopId or the client's shopBizCode.
 */
export const GET = endpoint(CatalogContracts.search, async ({ query, context }) => {
  const shopId = query.shopId ?? query.shopBizCode;
  if (!shopId) throw appError(Errors.SHOP_ID_REQUIRED);
  const result = await searchProducts(context.locals.database.db, shopId, {
    keyword: query.keyword,
    sort: query.sort,
    page: query.pageNum,
    pageSize: query.pageSize,
  });
  return { ...result, pageNum: query.pageNum, pageSize: query.pageSize };
});
