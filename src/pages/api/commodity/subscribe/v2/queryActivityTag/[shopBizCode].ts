import { CatalogContracts } from '#lib/catalog/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listSaleTags } from '#lib/catalog/index.server.ts';

/**
 * The home page's sale tabs (activity tags) in the shop's order: `{ tagNo, name }[]`. Empty for
 * an unknown shop. The client puts an "all" tab of its own in front (no tagNo in queryPageForB).
 */
export const POST = endpoint(CatalogContracts.saleTags, async ({ params, context }) => {
  const tags = await listSaleTags(context.locals.database.db, params.shopBizCode);
  return tags.map(({ tagNo, name }) => ({ tagNo, name }));
});
