import { z } from 'zod';
import { AppError, ErrorCode, Messages } from '#lib/platform/errors.ts';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import {
  MAX_KEYWORD_LENGTH,
  MAX_PAGE_SIZE,
  SEARCH_SORTS,
  searchProducts,
} from '#lib/catalog/search.server.ts';

/**
 * Keyword search for islands and other clients: one page of the shop's matching products (prices
 * with markups) and the matching brands. The shop is named by shopId or the client's shopBizCode.
 */
export const GET = handle(async ({ locals, url }) => {
  const query = parseQuery(url, {
    shopId: shopIdSchema.optional(),
    shopBizCode: shopIdSchema.optional(),
    keyword: z.string().trim().min(1).max(MAX_KEYWORD_LENGTH),
    sort: z.enum(SEARCH_SORTS).default('default'),
    pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  });
  const shopId = query.shopId ?? query.shopBizCode;
  if (!shopId) throw new AppError(ErrorCode.BAD_REQUEST, Messages.SHOP_ID_REQUIRED);
  const result = await searchProducts(locals.database.db, shopId, {
    keyword: query.keyword,
    sort: query.sort,
    page: query.pageNum,
    pageSize: query.pageSize,
  });
  return { ...result, pageNum: query.pageNum, pageSize: query.pageSize };
});
