import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { listSaleTags, pageSales } from '#lib/catalog/commodity.server.ts';

/**
 * The sale tabs with counts: `{ total, list: { tagNo, name, activityCount }[] }`, where
 * activityCount is the tag's running sales and total every running sale of the shop (the "all"
 * tab). Empty list and total 0 for an unknown shop.
 */
export const GET = handle(async ({ locals, params, url }) => {
  const { shopBizCode } = parseParams(params, { shopBizCode: shopIdSchema });
  parseQuery(url, {});
  const db = locals.database.db;
  const [list, all] = await Promise.all([
    listSaleTags(db, shopBizCode),
    pageSales(db, shopBizCode, { pageSize: 1 }),
  ]);
  return { total: all.total, list };
});
