import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseBody, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { listMemberSales } from '#lib/catalog/commodity.server.ts';

/**
 * Sales for members. We keep no members-only flag on sales, so this answers the running sales of
 * the shop's first tag (its first activity tag by the shop's order): `{ tag: { tagNo, name } |
 * null, list: sale[] }`, list items as in queryPageForB. Empty for an unknown shop or a shop
 * without tags.
 */
export const POST = handle(async ({ locals, params, request, url }) => {
  const { shopBizCode } = parseParams(params, { shopBizCode: shopIdSchema });
  parseQuery(url, {});
  await parseBody(request, {});
  return listMemberSales(locals.database.db, shopBizCode);
});
