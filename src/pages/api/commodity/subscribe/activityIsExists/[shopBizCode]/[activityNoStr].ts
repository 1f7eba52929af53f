import { CatalogContracts } from '#lib/catalog/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { activitiesExist } from '#lib/catalog/index.server.ts';

/**
 * Which of the sales (activityNoStr: comma-separated numbers, at most 50) are live in the shop,
 * i.e. the shop's, published and running now: `{ exists: string[], missing: string[] }` in the
 * order asked, duplicates once. Everything is missing for an unknown shop.
 */
export const POST = endpoint(CatalogContracts.activitiesExist, ({ params, context }) =>
  activitiesExist(context.locals.database.db, params.shopBizCode, params.activityNoStr),
);
