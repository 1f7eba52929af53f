import { CatalogContracts } from '#lib/catalog/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { listRecommendedSales } from '#lib/catalog/commodity.server.ts';

/**
 * Recommended brand sales: the shop's running sales whose products sold most, at most 10, as
 * `{ activityNo, title, subtitle, bannerUrl, brandName, brandLogoUrl, startAt, endAt,
 * salesCount }[]`. Empty for an unknown shop.
 */
export const GET = endpoint(CatalogContracts.recommendedSales, ({ params, context }) =>
  listRecommendedSales(context.locals.database.db, params.shopBizCode),
);
