import { CatalogContracts } from '#lib/catalog/index.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getNewBornProducts } from '#lib/catalog/index.server.ts';

/**
 * The new-customer zone's products (its detail list) of the shop named by shopBizCode:
 * `{ configId, title, total, list }`, list items as the productList of
 * /api/commodity/index/resource (cents and yuan strings, markups applied). Empty list (configId
 * null) for an unknown shop or a shop without the zone.
 */
export const POST = endpoint(CatalogContracts.newBornProducts, ({ query, context }) => {
  // The request client's shopBizCode (checked by the contract) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  return getNewBornProducts(context.locals.database.db, shopBizCode);
});
