import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { listBrandsWithSales } from '#lib/catalog/commodity.server.ts';

/**
 * The brandList page's data: the brands with a running sale in the shop (query shopBizCode), in
 * the order of their first sale: `{ brandId, brandName, brandLogoUrl, activityNo, activityCount
 * }[]`, activityNo being the brand's first running sale. Empty for an unknown shop.
 */
export const GET = handle(({ locals, url }) => {
  const query = parseQuery(url, {});
  // The request client's shopBizCode (checked by parseQuery) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  return listBrandsWithSales(locals.database.db, shopBizCode);
});
