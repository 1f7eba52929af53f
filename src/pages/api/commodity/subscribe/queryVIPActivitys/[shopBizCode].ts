import { CatalogContracts } from '#lib/catalog/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listMemberSales } from '#lib/catalog/index.server.ts';

/**
 * Sales for members. We keep no members-only flag on sales, so this answers the running sales of
 * the shop's first tag (its first activity tag by the shop's order): `{ tag: { tagNo, name } |
 * null, list: sale[] }`, list items as in queryPageForB. Empty for an unknown shop or a shop
 * without tags.
 */
export const POST = endpoint(CatalogContracts.memberSales, ({ params, context }) =>
  listMemberSales(context.locals.database.db, params.shopBizCode),
);
