import { CatalogContracts } from '#lib/catalog/index.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listBrandsWithSales } from '#lib/catalog/index.server.ts';

/**
 * The brandList page's data: the brands with a running sale in the shop (query shopBizCode), in
 * the order of their first sale: `{ brandId, brandName, brandLogoUrl, activityNo, activityCount
 * }[]`, activityNo being the brand's first running sale. Empty for an unknown shop.
 */
export const GET = endpoint(CatalogContracts.brandsWithSales, ({ query, context }) => {
  // The request client's shopBizCode (checked by the contract) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  return listBrandsWithSales(context.locals.database.db, shopBizCode);
});
