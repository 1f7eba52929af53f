import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseBody, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { listSaleTags } from '#lib/catalog/commodity.server.ts';

/**
 * The home page's sale tabs (activity tags) in the shop's order: `{ tagNo, name }[]`. Empty for
 * an unknown shop. The client puts an "all" tab of its own in front (no tagNo in queryPageForB).
 */
export const POST = handle(async ({ locals, params, request, url }) => {
  const { shopBizCode } = parseParams(params, { shopBizCode: shopIdSchema });
  parseQuery(url, {});
  await parseBody(request, {});
  const tags = await listSaleTags(locals.database.db, shopBizCode);
  return tags.map(({ tagNo, name }) => ({ tagNo, name }));
});
