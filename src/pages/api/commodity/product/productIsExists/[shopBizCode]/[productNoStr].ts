import { CatalogContracts } from '#lib/catalog/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { productsExist } from '#lib/catalog/index.server.ts';

/**
 * Which of the products (productNoStr: comma-separated numbers, at most 50) are live in the
 * shop, i.e. the shop's, published, and in a running sale or in none: `{ exists: string[],
 * missing: string[] }` in the order asked, duplicates once. Everything is missing for an unknown
 * shop.
 */
export const POST = endpoint(CatalogContracts.productsExist, ({ params, context }) =>
  productsExist(context.locals.database.db, params.shopBizCode, params.productNoStr),
);
