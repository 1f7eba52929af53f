import { z } from 'zod';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseBody, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { MAX_SALES_PAGE_SIZE, pageSales } from '#lib/catalog/commodity.server.ts';

/**
 * One page of the running brand sales of a tab: `{ tag, pageNum, pageSize, total, list }`, list
 * items `{ activityNo, title, subtitle, bannerUrl, brandName, brandLogoUrl, startAt, endAt }`
 * (ISO times) in the shop's order. Without activityTagNo every running sale; an unknown tag or
 * shop gives an empty page. msOpenId (the messaging app's open id) is checked and not used: the
 * list is the same for everyone.
 */
export const POST = handle(async ({ locals, params, request, url }) => {
  const { shopBizCode } = parseParams(params, {
    shopBizCode: shopIdSchema,
    msOpenId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'msOpenId 格式不正确'),
  });
  const query = parseQuery(url, {
    activityTagNo: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'activityTagNo 格式不正确')
      .optional(),
    pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_SALES_PAGE_SIZE).default(10),
  });
  await parseBody(request, {});
  return pageSales(locals.database.db, shopBizCode, {
    tagNo: query.activityTagNo,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  });
});
