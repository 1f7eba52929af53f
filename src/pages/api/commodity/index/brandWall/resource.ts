import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { getBrandWallResource } from '#lib/catalog/commodity.server.ts';

/**
 * The brand wall of the shop named by shopBizCode: `{ configId, title, list: { brandId,
 * brandName, brandLogoUrl, activityNo, activityCount }[] }`, the brands with a running sale, each
 * linking to its first sale. null when the shop has no such module; 404 店铺不存在 for an unknown
 * shop.
 */
export const GET = handle(({ locals, url }) => {
  const query = parseQuery(url, {});
  // The request client's shopBizCode (checked by parseQuery) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  return getBrandWallResource(locals.database.db, shopBizCode);
});
