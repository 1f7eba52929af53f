/** Catalogue reads: brand sales and their products. */
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { saleState, type SaleState } from './sale.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  activities,
  brands,
  productImages,
  products,
  shops,
  skus,
} from '#lib/platform/db/schema.ts';
import { cachedContent } from '#lib/platform/content-cache.server.ts';
import { applyMarkups } from './pricing.server.ts';

export interface SaleSummary {
  activityNo: string;
  title: string;
  subtitle: string;
  bannerUrl: string | null;
  brandName: string;
  brandLogoUrl: string | null;
  startAt: Date;
  endAt: Date;
}

/** The columns of a SaleSummary; select them from activities joined with brands. */
export const saleSummaryColumns = {
  activityNo: activities.activityNo,
  title: activities.title,
  subtitle: activities.subtitle,
  bannerUrl: activities.bannerUrl,
  brandName: brands.name,
  brandLogoUrl: brands.logoUrl,
  startAt: activities.startAt,
  endAt: activities.endAt,
};

/** The shop's published brand sales running at `now`, in the shop's order. */
export async function listOngoingSales(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<SaleSummary[]> {
  return db
    .select(saleSummaryColumns)
    .from(activities)
    .innerJoin(brands, eq(brands.id, activities.brandId))
    .where(
      and(
        eq(activities.shopId, shopId),
        eq(activities.status, 1),
        eq(activities.kind, 'brand'),
        lte(activities.startAt, now),
        gt(activities.endAt, now),
      ),
    )
    .orderBy(asc(activities.sort));
}

export interface SkuView {
  skuNo: string;
  color: string;
  size: string;
  priceCents: number;
  marketPriceCents: number;
  stock: number;
  /** The SKU's own picture (a colour's photo), when it has one. */
  imageUrl: string | null;
}

export interface ProductDetail {
  productNo: string;
  name: string;
  subtitle: string;
  description: string;
  crossBorder: boolean;
  priceCents: number;
  marketPriceCents: number;
  profitCents: number;
  salesCount: number;
  images: string[];
  detailImages: string[];
  skus: SkuView[];
  brand: { id: number; name: string; logoUrl: string | null };
  sale: { activityNo: string; title: string; startAt: Date; endAt: Date; state: SaleState } | null;
}

/** A product of the shop as its detail page shows it, prices with markups; null when not on sale here. */
export async function getProductDetail(
  db: DbOrTx,
  shopId: string,
  productNo: string,
  now = new Date(),
): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      id: products.id,
      productNo: products.productNo,
      name: products.name,
      subtitle: products.subtitle,
      description: products.description,
      crossBorder: products.crossBorder,
      profitCents: products.profitCents,
      salesCount: products.salesCount,
      brandId: brands.id,
      brandName: brands.name,
      brandLogoUrl: brands.logoUrl,
      activityNo: activities.activityNo,
      activityTitle: activities.title,
      activityStatus: activities.status,
      startAt: activities.startAt,
      endAt: activities.endAt,
      activityAddCents: activities.addPriceCents,
      globalAddCents: shops.globalAddPriceCents,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(activities, eq(activities.id, products.activityId))
    .where(
      and(eq(products.shopId, shopId), eq(products.productNo, productNo), eq(products.status, 1)),
    )
    .limit(1);
  if (!row) return null;

  const markups = {
    globalAddCents: row.globalAddCents,
    activityAddCents: row.activityAddCents ?? 0,
  };
  const [imageRows, skuRows] = await Promise.all([
    db
      .select({ url: productImages.url, kind: productImages.kind })
      .from(productImages)
      .where(eq(productImages.productId, row.id))
      .orderBy(asc(productImages.kind), asc(productImages.sort)),
    db
      .select({
        skuNo: skus.skuNo,
        color: skus.color,
        size: skus.size,
        priceCents: skus.priceCents,
        marketPriceCents: skus.marketPriceCents,
        stock: skus.stock,
        imageUrl: skus.imageUrl,
      })
      .from(skus)
      .where(eq(skus.productId, row.id))
      .orderBy(asc(skus.skuNo)),
  ]);
  const skuViews = skuRows.map((sku) => ({
    ...sku,
    priceCents: applyMarkups(sku.priceCents, markups),
  }));
  const cheapest = skuViews.reduce(
    (min, sku) => (sku.priceCents < min.priceCents ? sku : min),
    skuViews[0]!,
  );
  const sale =
    row.activityNo && row.startAt && row.endAt && row.activityStatus === 1
      ? {
          activityNo: row.activityNo,
          title: row.activityTitle ?? '',
          startAt: row.startAt,
          endAt: row.endAt,
          state: saleState({ startAt: row.startAt, endAt: row.endAt }, now),
        }
      : null;
  return {
    productNo: row.productNo,
    name: row.name,
    subtitle: row.subtitle,
    description: row.description,
    crossBorder: row.crossBorder,
    priceCents: cheapest?.priceCents ?? 0,
    marketPriceCents: Math.max(cheapest?.marketPriceCents ?? 0, cheapest?.priceCents ?? 0),
    profitCents: row.profitCents,
    salesCount: row.salesCount,
    images: imageRows.filter((i) => i.kind === 'main').map((i) => i.url),
    detailImages: imageRows.filter((i) => i.kind === 'detail').map((i) => i.url),
    skus: skuViews,
    brand: { id: row.brandId, name: row.brandName, logoUrl: row.brandLogoUrl },
    sale,
  };
}

export interface ProductCard {
  productNo: string;
  name: string;
  imageUrl: string | null;
  priceCents: number;
  marketPriceCents: number;
  salesCount: number;
  soldOut: boolean;
}

export type ProductSort = 'default' | 'price-asc' | 'price-desc' | 'sales';

export interface BrandSale {
  activityNo: string;
  title: string;
  subtitle: string;
  bannerUrl: string | null;
  startAt: Date;
  endAt: Date;
  state: SaleState;
  brand: { id: number; name: string; logoUrl: string | null; story: string };
  products: ProductCard[];
  /** Sizes offered in the sale, for the size filter. */
  sizes: string[];
}

/** A brand sale with its products, sorted and filtered by size; null when the shop has no such sale. */
export async function getBrandSale(
  db: DbOrTx,
  shopId: string,
  activityNo: string,
  options: { sort?: ProductSort; size?: string | undefined; now?: Date } = {},
): Promise<BrandSale | null> {
  const now = options.now ?? new Date();
  const [sale] = await db
    .select({
      id: activities.id,
      activityNo: activities.activityNo,
      title: activities.title,
      subtitle: activities.subtitle,
      bannerUrl: activities.bannerUrl,
      startAt: activities.startAt,
      endAt: activities.endAt,
      addCents: activities.addPriceCents,
      brandId: brands.id,
      brandName: brands.name,
      brandLogoUrl: brands.logoUrl,
      brandStory: brands.story,
      globalAddCents: shops.globalAddPriceCents,
    })
    .from(activities)
    .innerJoin(brands, eq(brands.id, activities.brandId))
    .innerJoin(shops, eq(shops.id, activities.shopId))
    .where(
      and(
        eq(activities.shopId, shopId),
        eq(activities.activityNo, activityNo),
        eq(activities.status, 1),
      ),
    )
    .limit(1);
  if (!sale) return null;
  const markups = { globalAddCents: sale.globalAddCents, activityAddCents: sale.addCents };

  const rows = await db
    .select({
      id: products.id,
      productNo: products.productNo,
      name: products.name,
      priceCents: products.priceCents,
      marketPriceCents: products.marketPriceCents,
      salesCount: products.salesCount,
    })
    .from(products)
    .where(and(eq(products.activityId, sale.id), eq(products.status, 1)))
    .orderBy(asc(products.sort), asc(products.id));
  const ids = rows.map((r) => r.id);
  const [stockRows, coverRows] = ids.length
    ? await Promise.all([
        db
          .select({
            productId: skus.productId,
            stock: sql<number>`coalesce(sum(${skus.stock}), 0)::int`,
            // Joined as text: array columns come back differently from each driver.
            sizes: sql<string>`string_agg(distinct ${skus.size}, ',')`,
          })
          .from(skus)
          .where(inArray(skus.productId, ids))
          .groupBy(skus.productId),
        db
          .selectDistinctOn([productImages.productId], {
            productId: productImages.productId,
            url: productImages.url,
          })
          .from(productImages)
          .where(and(inArray(productImages.productId, ids), eq(productImages.kind, 'main')))
          .orderBy(productImages.productId, productImages.sort),
      ])
    : [[], []];
  const stockOf = new Map(stockRows.map((r) => [r.productId, r]));
  const coverOf = new Map(coverRows.map((r) => [r.productId, r.url]));
  const sizesOf = (id: number) => stockOf.get(id)?.sizes?.split(',') ?? [];
  const allSizes = [...new Set(ids.flatMap(sizesOf))].filter((size) => size !== '均码');
  let cards = rows
    .filter((r) => !options.size || sizesOf(r.id).includes(options.size))
    .map((r) => ({
      productNo: r.productNo,
      name: r.name,
      imageUrl: coverOf.get(r.id) ?? null,
      priceCents: applyMarkups(r.priceCents, markups),
      marketPriceCents: r.marketPriceCents,
      salesCount: r.salesCount,
      soldOut: (stockOf.get(r.id)?.stock ?? 0) <= 0,
    }));
  if (options.sort === 'price-asc') cards = cards.toSorted((a, b) => a.priceCents - b.priceCents);
  if (options.sort === 'price-desc') cards = cards.toSorted((a, b) => b.priceCents - a.priceCents);
  if (options.sort === 'sales') cards = cards.toSorted((a, b) => b.salesCount - a.salesCount);

  return {
    activityNo: sale.activityNo,
    title: sale.title,
    subtitle: sale.subtitle,
    bannerUrl: sale.bannerUrl,
    startAt: sale.startAt,
    endAt: sale.endAt,
    state: saleState(sale, now),
    brand: {
      id: sale.brandId,
      name: sale.brandName,
      logoUrl: sale.brandLogoUrl,
      story: sale.brandStory,
    },
    products: cards,
    sizes: sortSizes(allSizes),
  };
}

const SIZE_ORDER = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

function sortSizes(sizes: string[]): string[] {
  const rank = (s: string) => {
    const i = SIZE_ORDER.indexOf(s);
    return i >= 0 ? i : 100 + (Number.parseFloat(s) || 0);
  };
  return sizes.toSorted((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * getProductDetail through the content cache (src/lib/server/content-cache.ts). The sale state
 * depends on the clock, so it is derived at `now` on every read, never kept.
 */
export async function readProductDetail(
  db: DbOrTx,
  contentVersion: number,
  shopId: string,
  productNo: string,
  now = new Date(),
): Promise<ProductDetail | null> {
  const product = await cachedContent(
    contentVersion,
    `product:${shopId}:${productNo}`,
    () => getProductDetail(db, shopId, productNo, now),
    now.getTime(),
  );
  if (!product?.sale) return product;
  return { ...product, sale: { ...product.sale, state: saleState(product.sale, now) } };
}

/** getBrandSale through the content cache, the state derived at `now` (see readProductDetail). */
export async function readBrandSale(
  db: DbOrTx,
  contentVersion: number,
  shopId: string,
  activityNo: string,
  options: { sort?: ProductSort; size?: string | undefined; now?: Date } = {},
): Promise<BrandSale | null> {
  const now = options.now ?? new Date();
  const read = (sort: ProductSort, size: string | undefined) =>
    cachedContent(
      contentVersion,
      `sale:${shopId}:${activityNo}:${sort}:${size ?? ''}`,
      () => getBrandSale(db, shopId, activityNo, { sort, size, now }),
      now.getTime(),
    );
  const sort = options.sort ?? 'default';
  const whole = await read(sort, undefined);
  // Only a size the sale offers gets its own entry: made-up sizes cannot fill the cache.
  const sale =
    options.size && whole?.sizes.includes(options.size) ? await read(sort, options.size) : whole;
  return sale && { ...sale, state: saleState(sale, now) };
}
