import { z } from 'zod';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseBody, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { listUpcomingDays } from '#lib/catalog/commodity.server.ts';

const moduleKey = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '格式不正确');

/**
 * The upcoming sales grouped by the day they start (the forecast's day tabs), soonest first:
 * `{ day: "YYYY-MM-DD" (China time), activityCount, list: sale[] }[]`. location and moduleId
 * (where the module sits) are checked and not used: every place shows the same sales. Empty for
 * an unknown shop.
 */
export const POST = handle(async ({ locals, params, request, url }) => {
  const { shopBizCode } = parseParams(params, { shopBizCode: shopIdSchema });
  parseQuery(url, { location: moduleKey.optional(), moduleId: moduleKey.optional() });
  await parseBody(request, {});
  return listUpcomingDays(locals.database.db, shopBizCode);
});
