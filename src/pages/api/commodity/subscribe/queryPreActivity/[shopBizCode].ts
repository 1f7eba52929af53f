import { z } from 'zod';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseBody, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { listUpcomingSales } from '#lib/catalog/commodity.server.ts';

const moduleKey = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '格式不正确');

/**
 * The upcoming sales, soonest first: `{ total, list }`, list items `{ activityNo, title,
 * subtitle, bannerUrl, brandName, brandLogoUrl, startAt, endAt }`. `day` ("YYYY-MM-DD", a day of
 * queryPreTag) keeps those starting that day. location and moduleId are checked and not used.
 * Empty for an unknown shop.
 */
export const POST = handle(async ({ locals, params, request, url }) => {
  const { shopBizCode } = parseParams(params, { shopBizCode: shopIdSchema });
  const { day } = parseQuery(url, {
    location: moduleKey.optional(),
    moduleId: moduleKey.optional(),
    day: z.iso.date().optional(),
  });
  await parseBody(request, {});
  const list = await listUpcomingSales(locals.database.db, shopBizCode, { day });
  return { total: list.length, list };
});
