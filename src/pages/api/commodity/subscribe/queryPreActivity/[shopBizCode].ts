import { CatalogContracts } from '#lib/catalog/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listUpcomingSales } from '#lib/catalog/index.server.ts';

/**
 * The upcoming sales, soonest first: `{ total, list }`, list items `{ activityNo, title,
 * subtitle, bannerUrl, brandName, brandLogoUrl, startAt, endAt }`. `day` ("YYYY-MM-DD", a day of
 * queryPreTag) keeps those starting that day. location and moduleId are checked and not used.
 * Empty for an unknown shop.
 */
export const POST = endpoint(CatalogContracts.upcomingSales, async ({ params, query, context }) => {
  const list = await listUpcomingSales(context.locals.database.db, params.shopBizCode, {
    day: query.day,
  });
  return { total: list.length, list };
});
