import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseBody, parseQuery } from '#lib/platform/http.server.ts';
import { getNewBornProducts } from '#lib/catalog/commodity.server.ts';

/**
 * The new-customer zone's products (its detail list) of the shop named by shopBizCode:
 * `{ configId, title, total, list }`, list items as the productList of
 * /api/commodity/index/resource (cents and yuan strings, markups applied). Empty list (configId
 * null) for an unknown shop or a shop without the zone.
 */
export const POST = handle(async ({ locals, request, url }) => {
  const query = parseQuery(url, {});
  // The request client's shopBizCode (checked by parseQuery) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  await parseBody(request, {});
  return getNewBornProducts(locals.database.db, shopBizCode);
});
