import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { getCategoryResource } from '#lib/catalog/commodity.server.ts';

/**
 * The category module of the shop named by shopBizCode: `{ configId, title, list: { categoryId,
 * name, iconUrl }[] }`. null when the shop has no such module; 404 店铺不存在 for an unknown shop.
 */
export const GET = handle(({ locals, url }) => {
  const query = parseQuery(url, {});
  // The request client's shopBizCode (checked by parseQuery) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  return getCategoryResource(locals.database.db, shopBizCode);
});
