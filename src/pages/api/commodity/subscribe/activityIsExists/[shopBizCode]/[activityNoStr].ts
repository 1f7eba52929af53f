import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseBody, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { activitiesExist, noListSchema } from '#lib/catalog/commodity.server.ts';

/**
 * Which of the sales (activityNoStr: comma-separated numbers, at most 50) are live in the shop,
 * i.e. the shop's, published and running now: `{ exists: string[], missing: string[] }` in the
 * order asked, duplicates once. Everything is missing for an unknown shop.
 */
export const POST = handle(async ({ locals, params, request, url }) => {
  const { shopBizCode, activityNoStr } = parseParams(params, {
    shopBizCode: shopIdSchema,
    activityNoStr: noListSchema,
  });
  parseQuery(url, {});
  await parseBody(request, {});
  return activitiesExist(locals.database.db, shopBizCode, activityNoStr);
});
