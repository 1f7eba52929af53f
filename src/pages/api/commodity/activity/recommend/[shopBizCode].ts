import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { listRecommendedSales } from '#lib/catalog/commodity.server.ts';

/**
 * Recommended brand sales: the shop's running sales whose products sold most, at most 10, as
 * `{ activityNo, title, subtitle, bannerUrl, brandName, brandLogoUrl, startAt, endAt,
 * salesCount }[]`. Empty for an unknown shop.
 */
export const GET = handle(({ locals, params, url }) => {
  const { shopBizCode } = parseParams(params, { shopBizCode: shopIdSchema });
  parseQuery(url, {});
  return listRecommendedSales(locals.database.db, shopBizCode);
});
