/**
 * The one product-card read: every list of products (home modules, brand sales, venues, top
 * lists, flash sales, search, landing pages and the /api/commodity answers) reads its cards here,
 * priced through pricing.ts, so a product shows the same picture, price and stock everywhere.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { activities, productImages, products, skus } from '#lib/platform/db/schema.ts';
import { productPublished, productSaleShown, withProductJoins } from './filters.server.ts';
import { asNpieceRule, priceLabels } from './pricing.ts';
import { priceOf, productPriceColumns, sellingPriceSql } from './pricing.server.ts';

export interface ProductCard {
  productNo: string;
  name: string;
  /** The cover: the first main picture. */
  imageUrl: string | null;
  /** Every main picture in gallery order (the cover first). */
  pictureUrls: string[];
  /** The sale the product belongs to, if any. */
  activityNo: string | null;
  /** Selling price in cents, the shop's and the sale's markups applied. */
  priceCents: number;
  /** Market (list) price in cents, never below the selling price. */
  marketPriceCents: number;
  salesCount: number;
  /** Pieces left over every SKU. */
  stock: number;
  soldOut: boolean;
  /** "3.5折" against the market price, then the sale's "3件7折" rule. */
  labels: string[];
}

/** How the product lists of the pages sort. */
export type ProductSort = 'default' | 'price-asc' | 'price-desc' | 'sales';

/** The orders a card list may ask for; each ends in a unique key so pages are stable. */
export const CardOrder = {
  /** The shop's order: sale by sale, then the sale's own order. */
  shelf: [asc(activities.sort), asc(products.sort), asc(products.id)],
  bestSelling: [desc(products.salesCount), asc(products.id)],
} satisfies Record<string, SQL[]>;

/** What a page's sort puts first; prices by the selling price of pricing.server. */
export function productSortKey(sort: Exclude<ProductSort, 'default'>): SQL {
  if (sort === 'price-asc') return asc(sellingPriceSql);
  if (sort === 'price-desc') return desc(sellingPriceSql);
  return desc(products.salesCount);
}

/** A page's sort, ties (and the default) in the shop's order. */
export function productSortOrder(sort: ProductSort): SQL[] {
  return sort === 'default' ? CardOrder.shelf : [productSortKey(sort), ...CardOrder.shelf];
}

/**
 * The published products of the shop matching `where` (never one of a hidden or withdrawn sale),
 * as cards, in `orderBy`. `where` and
 * `orderBy` may name products, shops, brands and activities (left-joined: a product may be in no
 * sale).
 */
export async function readProductCards(
  db: DbOrTx,
  shopId: string,
  where: SQL | undefined,
  options: { orderBy: SQL[]; limit?: number; offset?: number; withId?: false },
): Promise<ProductCard[]>;
/** The same, each card with the product's id (for reordering by id). */
export async function readProductCards(
  db: DbOrTx,
  shopId: string,
  where: SQL | undefined,
  options: { orderBy: SQL[]; limit?: number; offset?: number; withId: true },
): Promise<(ProductCard & { id: number })[]>;
export async function readProductCards(
  db: DbOrTx,
  shopId: string,
  where: SQL | undefined,
  options: { orderBy: SQL[]; limit?: number; offset?: number; withId?: boolean },
): Promise<ProductCard[]> {
  const query = withProductJoins(
    db
      .select({
        id: products.id,
        productNo: products.productNo,
        name: products.name,
        salesCount: products.salesCount,
        activityNo: activities.activityNo,
        rule: activities.rule,
        ...productPriceColumns,
      })
      .from(products)
      .$dynamic(),
  )
    .where(and(productPublished(shopId), productSaleShown, where))
    .orderBy(...options.orderBy);
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset !== undefined) query.offset(options.offset);
  const rows = await query;
  if (rows.length === 0) return [];

  const ids = rows.map((r) => r.id);
  const [stockRows, pictureRows] = await Promise.all([
    db
      .select({
        productId: skus.productId,
        stock: sql<number>`coalesce(sum(${skus.stock}), 0)::int`,
      })
      .from(skus)
      .where(inArray(skus.productId, ids))
      .groupBy(skus.productId),
    db
      .select({ productId: productImages.productId, url: productImages.url })
      .from(productImages)
      .where(and(inArray(productImages.productId, ids), eq(productImages.kind, 'main')))
      .orderBy(asc(productImages.productId), asc(productImages.sort), asc(productImages.id)),
  ]);
  const stockOf = new Map(stockRows.map((r) => [r.productId, Number(r.stock)]));
  const picturesOf = new Map<number, string[]>();
  for (const p of pictureRows)
    picturesOf.set(p.productId, [...(picturesOf.get(p.productId) ?? []), p.url]);

  return rows.map((r) => {
    const price = priceOf(r);
    const pictureUrls = picturesOf.get(r.id) ?? [];
    const stock = stockOf.get(r.id) ?? 0;
    return {
      ...(options.withId ? { id: r.id } : {}),
      productNo: r.productNo,
      name: r.name,
      imageUrl: pictureUrls[0] ?? null,
      pictureUrls,
      activityNo: r.activityNo,
      ...price,
      salesCount: r.salesCount,
      stock,
      soldOut: stock <= 0,
      labels: priceLabels(price, asNpieceRule(r.rule)),
    };
  });
}

/** How many published products of the shop match `where` (for paging readProductCards). */
export async function countProducts(
  db: DbOrTx,
  shopId: string,
  where: SQL | undefined,
): Promise<number> {
  const [row] = await withProductJoins(
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .$dynamic(),
  ).where(and(productPublished(shopId), productSaleShown, where));
  return row?.total ?? 0;
}

/**
 * The shop's published products by number, in the order asked (unknown numbers dropped, each
 * number once): the products a home module was configured with.
 */
export async function productCardsByNo(
  db: DbOrTx,
  shopId: string,
  productNos: string[],
): Promise<ProductCard[]> {
  const nos = [...new Set(productNos)];
  if (nos.length === 0) return [];
  const cards = await readProductCards(db, shopId, inArray(products.productNo, nos), {
    orderBy: CardOrder.shelf,
  });
  const byNo = new Map(cards.map((card) => [card.productNo, card]));
  return nos.flatMap((no) => byNo.get(no) ?? []);
}
