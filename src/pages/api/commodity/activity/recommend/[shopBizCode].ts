import { CatalogContracts } from '#lib/catalog/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listRecommendedSales } from '#lib/catalog/index.server.ts';

/**
 * Recommended brand sales: the shop's running sales whose products sold most, at most 10, as
 * `{ activityNo, title, subtitle, bannerUrl, brandName, brandLogoUrl, startAt, endAt,
 * salesCount }[]`. Empty for an unknown shop.
 */
export const GET = endpoint(CatalogContracts.recommendedSales, ({ params, context }) =>
  listRecommendedSales(context.locals.database.db, params.shopBizCode),
);
