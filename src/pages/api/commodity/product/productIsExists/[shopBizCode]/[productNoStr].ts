import { CatalogContracts } from '#lib/catalog/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { productsExist } from '#lib/catalog/commodity.server.ts';

/**
 * Which of the products (productNoStr: comma-separated numbers, at most 50) are live in the
 * shop, i.e. the shop's, published, and in a running sale or in none: `{ exists: string[],
 * missing: string[] }` in the order asked, duplicates once. Everything is missing for an unknown
 * shop.
 */
export const POST = endpoint(CatalogContracts.productsExist, ({ params, context }) =>
  productsExist(context.locals.database.db, params.shopBizCode, params.productNoStr),
);
