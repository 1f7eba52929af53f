import { z } from 'zod';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseBody, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { BANNER_LOCATIONS, listBanners } from '#lib/catalog/commodity.server.ts';

/**
 * The live banners of one location (indexBanner, brandBanner, proDetailBanner) in the shop's
 * order: `{ title, imageUrl, link: { route, params } | null }[]`, link naming a route of the
 * route table. newFlag (always 1 from the client) is accepted. Empty for an unknown shop.
 */
export const POST = handle(async ({ locals, params, request, url }) => {
  const { shopBizCode } = parseParams(params, { shopBizCode: shopIdSchema });
  const { location } = parseQuery(url, {
    location: z.enum(BANNER_LOCATIONS),
    newFlag: z.literal('1').optional(),
  });
  await parseBody(request, {});
  return listBanners(locals.database.db, shopBizCode, location);
});
