import { CatalogContracts } from '#lib/catalog/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getBrandSale } from '#lib/catalog/index.server.ts';

/**
 * One brand sale of the shop with its products (getBrandSale): `{ activityNo, title, subtitle,
 * bannerUrl, startAt, endAt, state: upcoming|ongoing|ended, brand: { id, name, logoUrl, story },
 * products: { productNo, name, imageUrl, priceCents, marketPriceCents, salesCount, soldOut }[],
 * sizes }`, prices in cents with markups. Query sort (default, sales, price-asc, price-desc) and
 * size filter the products. An unknown or withdrawn sale, or one of another shop: 404 活动不存在.
 */
export const POST = endpoint(CatalogContracts.brandSale, async ({ params, query, context }) => {
  const sale = await getBrandSale(
    context.locals.database.db,
    params.shopBizCode,
    params.activityNo,
    {
      sort: query.sort,
      size: query.size,
    },
  );
  if (!sale) throw appError(Errors.ACTIVITY_NOT_FOUND);
  return sale;
});
