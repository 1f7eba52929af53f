import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { listDiamonds } from '#lib/catalog/commodity.server.ts';

/**
 * The home page's icon list (diamond module) of the shop named by shopBizCode, in its
 * configured order: `{ name, iconUrl, route, link: { route, params } | null }[]`, link null when
 * the route is not one of the route table. Empty for an unknown shop.
 */
export const GET = handle(({ locals, url }) => {
  const query = parseQuery(url, {});
  // The request client's shopBizCode (checked by parseQuery) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  return listDiamonds(locals.database.db, shopBizCode);
});
