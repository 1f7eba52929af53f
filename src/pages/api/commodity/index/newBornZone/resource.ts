import { z } from 'zod';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { getNewBornResource } from '#lib/catalog/commodity.server.ts';

/**
 * The new-customer zone of the shop named by shopBizCode: `{ configId, title, bgColor, bgImg,
 * coupons: { couponNo, name, kind, amountCents, thresholdCents }[], productList }`, products as
 * in /api/commodity/index/resource (cents and yuan strings, markups applied). channel (the share
 * channel of the link) is checked and not used. null when the shop has no zone; 404 店铺不存在
 * for an unknown shop.
 */
export const GET = handle(({ locals, url }) => {
  const query = parseQuery(url, {
    channel: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'channel 格式不正确')
      .optional(),
  });
  // The request client's shopBizCode (checked by parseQuery) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  return getNewBornResource(locals.database.db, shopBizCode);
});
