import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseBody, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { noListSchema, productsExist } from '#lib/catalog/commodity.server.ts';

/**
 * Which of the products (productNoStr: comma-separated numbers, at most 50) are live in the
 * shop, i.e. the shop's, published, and in a running sale or in none: `{ exists: string[],
 * missing: string[] }` in the order asked, duplicates once. Everything is missing for an unknown
 * shop.
 */
export const POST = handle(async ({ locals, params, request, url }) => {
  const { shopBizCode, productNoStr } = parseParams(params, {
    shopBizCode: shopIdSchema,
    productNoStr: noListSchema,
  });
  parseQuery(url, {});
  await parseBody(request, {});
  return productsExist(locals.database.db, shopBizCode, productNoStr);
});
