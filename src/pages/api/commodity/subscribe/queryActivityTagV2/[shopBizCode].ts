import { CatalogContracts } from '#lib/catalog/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listSaleTags, pageSales } from '#lib/catalog/index.server.ts';

/**
 * The sale tabs with counts: `{ total, list: { tagNo, name, activityCount }[] }`, where
 * activityCount is the tag's running sales and total every running sale of the shop (the "all"
 * tab). Empty list and total 0 for an unknown shop.
 */
export const GET = endpoint(CatalogContracts.saleTagCounts, async ({ params, context }) => {
  const db = context.locals.database.db;
  const [list, all] = await Promise.all([
    listSaleTags(db, params.shopBizCode),
    pageSales(db, params.shopBizCode, { pageSize: 1 }),
  ]);
  return { total: all.total, list };
});
