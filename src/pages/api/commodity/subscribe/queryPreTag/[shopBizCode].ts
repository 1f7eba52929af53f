import { CatalogContracts } from '#lib/catalog/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listUpcomingDays } from '#lib/catalog/index.server.ts';

/**
 * The upcoming sales grouped by the day they start (the forecast's day tabs), soonest first:
 * `{ day: "YYYY-MM-DD" (China time), activityCount, list: sale[] }[]`. location and moduleId
 * (where the module sits) are checked and not used: every place shows the same sales. Empty for
 * an unknown shop.
 */
export const POST = endpoint(CatalogContracts.upcomingDays, ({ params, context }) =>
  listUpcomingDays(context.locals.database.db, params.shopBizCode),
);
