import { CatalogContracts } from '#lib/catalog/index.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getCategoryResource } from '#lib/catalog/index.server.ts';

/**
 * The category module of the shop named by shopBizCode: `{ configId, title, list: { categoryId,
 * name, iconUrl }[] }`. null when the shop has no such module; 404 店铺不存在 for an unknown shop.
 */
export const GET = endpoint(CatalogContracts.categoryResource, ({ query, context }) => {
  // The request client's shopBizCode (checked by the contract) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  return getCategoryResource(context.locals.database.db, shopBizCode);
});
