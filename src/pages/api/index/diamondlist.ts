import { CatalogContracts } from '#lib/catalog/index.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listDiamonds } from '#lib/catalog/index.server.ts';

/**
 * The home page's icon list (diamond module) of the shop named by shopBizCode, in its
 * configured order: `{ name, iconUrl, route, link: { route, params } | null }[]`, link null when
 * the route is not one of the route table. Empty for an unknown shop.
 */
export const GET = endpoint(CatalogContracts.diamondList, ({ query, context }) => {
  // The request client's shopBizCode (checked by the contract) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  return listDiamonds(context.locals.database.db, shopBizCode);
});
