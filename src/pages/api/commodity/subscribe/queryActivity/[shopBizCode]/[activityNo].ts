import { z } from 'zod';
import { AppError, ErrorCode } from '#lib/platform/errors.ts';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseBody, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { getBrandSale } from '#lib/catalog/catalog.server.ts';
import { ACTIVITY_NOT_FOUND } from '#lib/catalog/commodity.server.ts';

/**
 * One brand sale of the shop with its products (getBrandSale): `{ activityNo, title, subtitle,
 * bannerUrl, startAt, endAt, state: upcoming|ongoing|ended, brand: { id, name, logoUrl, story },
 * products: { productNo, name, imageUrl, priceCents, marketPriceCents, salesCount, soldOut }[],
 * sizes }`, prices in cents with markups. Query sort (default, sales, price-asc, price-desc) and
 * size filter the products. An unknown or withdrawn sale, or one of another shop: 404 活动不存在.
 */
export const POST = handle(async ({ locals, params, request, url }) => {
  const { shopBizCode, activityNo } = parseParams(params, {
    shopBizCode: shopIdSchema,
    activityNo: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'activityNo 格式不正确'),
  });
  const { sort, size } = parseQuery(url, {
    sort: z.enum(['default', 'sales', 'price-asc', 'price-desc']).default('default'),
    size: z.string().trim().min(1).max(16).optional(),
  });
  await parseBody(request, {});
  const sale = await getBrandSale(locals.database.db, shopBizCode, activityNo, { sort, size });
  if (!sale) throw new AppError(ErrorCode.NOT_FOUND, ACTIVITY_NOT_FOUND);
  return sale;
});
