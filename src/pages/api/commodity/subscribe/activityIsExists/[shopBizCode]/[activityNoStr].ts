import { CatalogContracts } from '#lib/catalog/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { activitiesExist } from '#lib/catalog/commodity.server.ts';

/**
 * Which of the sales (activityNoStr: comma-separated numbers, at most 50) are live in the shop,
 * i.e. the shop's, published and running now: `{ exists: string[], missing: string[] }` in the
 * order asked, duplicates once. Everything is missing for an unknown shop.
 */
export const POST = endpoint(CatalogContracts.activitiesExist, ({ params, context }) =>
  activitiesExist(context.locals.database.db, params.shopBizCode, params.activityNoStr),
);
