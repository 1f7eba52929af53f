import { CatalogContracts } from '#lib/catalog/index.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getBrandWallResource } from '#lib/catalog/index.server.ts';

/**
 * The brand wall of the shop named by shopBizCode: `{ configId, title, list: { brandId,
 * brandName, brandLogoUrl, activityNo, activityCount }[] }`, the brands with a running sale, each
 * linking to its first sale. null when the shop has no such module; 404 店铺不存在 for an unknown
 * shop.
 */
export const GET = endpoint(CatalogContracts.brandWallResource, ({ query, context }) => {
  // The request client's shopBizCode (checked by the contract) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  return getBrandWallResource(context.locals.database.db, shopBizCode);
});
