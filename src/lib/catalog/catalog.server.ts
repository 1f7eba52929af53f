/** Catalogue reads: brand sales and their products. */
import { commissionCents, commissionRateBp } from '#lib/commission/index.ts';
import { and, asc, eq, exists } from 'drizzle-orm';
import { saleState, type SaleState } from './sale.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  activities,
  brands,
  productImages,
  products,
  skus,
  venues,
} from '#lib/platform/db/schema.ts';
import { cachedContent } from '#lib/platform/content-cache.server.ts';
import {
  productPublished,
  productSaleShown,
  saleNotEndedAt,
  salePublished,
  saleRunningAt,
  withProductJoins,
} from './filters.server.ts';
import { shopperPrice } from './pricing.ts';
import { markupColumns, markupsOf } from './pricing.server.ts';
import {
  productSortOrder,
  readProductCards,
  type ProductCard,
  type ProductSort,
} from './cards.server.ts';
import { SaleStatus } from './status.ts';

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

/**
 * The shop's published brand sales not ended at `since`, in the shop's order: every sale running
 * at `since` or later until the content changes (runningAt takes those running at an instant).
 */
export async function listSalesNotEnded(
  db: DbOrTx,
  shopId: string,
  since = new Date(),
): Promise<SaleSummary[]> {
  return db
    .select(saleSummaryColumns)
    .from(activities)
    .innerJoin(brands, eq(brands.id, activities.brandId))
    .where(and(salePublished(shopId), eq(activities.kind, 'brand'), saleNotEndedAt(since)))
    .orderBy(asc(activities.sort));
}

/** The sales of `sales` running at `now` (saleState 'ongoing'), in their order. */
export function runningAt<T extends { startAt: Date; endAt: Date }>(
  sales: readonly T[],
  now: Date,
): T[] {
  return sales.filter((sale) => sale.startAt <= now && sale.endAt > now);
}

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
    .where(and(salePublished(shopId), eq(activities.kind, 'brand'), saleRunningAt(now)))
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

/**
 * A product of the shop as its detail page shows it, each SKU priced through pricing.ts; null
 * when not on sale here (withdrawn, or in a hidden or withdrawn sale).
 */
export async function getProductDetail(
  db: DbOrTx,
  shopId: string,
  productNo: string,
  now = new Date(),
): Promise<ProductDetail | null> {
  const query = db
    .select({
      id: products.id,
      productNo: products.productNo,
      name: products.name,
      subtitle: products.subtitle,
      description: products.description,
      crossBorder: products.crossBorder,
      productRateBp: products.commissionRateBp,
      saleRateBp: activities.commissionRateBp,
      salesCount: products.salesCount,
      brandId: brands.id,
      brandName: brands.name,
      brandLogoUrl: brands.logoUrl,
      activityNo: activities.activityNo,
      activityTitle: activities.title,
      activityStatus: activities.status,
      startAt: activities.startAt,
      endAt: activities.endAt,
      ...markupColumns,
    })
    .from(products)
    .$dynamic();
  const [row] = await withProductJoins(query)
    .where(and(productPublished(shopId), productSaleShown, eq(products.productNo, productNo)))
    .limit(1);
  if (!row) return null;

  const markups = markupsOf(row);
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
  const skuViews = skuRows.map(({ priceCents, marketPriceCents, ...sku }) => ({
    ...sku,
    ...shopperPrice({ baseCents: priceCents, marketCents: marketPriceCents }, markups),
  }));
  const cheapest = skuViews.reduce(
    (min, sku) => (sku.priceCents < min.priceCents ? sku : min),
    skuViews[0]!,
  );
  const sale =
    row.activityNo && row.startAt && row.endAt && row.activityStatus === SaleStatus.Published
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
    marketPriceCents: cheapest?.marketPriceCents ?? 0,
    // 分享赚: the commission on one piece at the shown price (distribution/commission.ts).
    profitCents: commissionCents(
      cheapest?.priceCents ?? 0,
      commissionRateBp(
        { commissionRateBp: row.productRateBp },
        row.saleRateBp === null ? null : { commissionRateBp: row.saleRateBp },
      ),
    ),
    salesCount: row.salesCount,
    images: imageRows.filter((i) => i.kind === 'main').map((i) => i.url),
    detailImages: imageRows.filter((i) => i.kind === 'detail').map((i) => i.url),
    skus: skuViews,
    brand: { id: row.brandId, name: row.brandName, logoUrl: row.brandLogoUrl },
    sale,
  };
}

/** The shop's published sale numbered `activityNo` with its brand and venue; null when none. */
export async function findPublishedSale(db: DbOrTx, shopId: string, activityNo: string) {
  const [row] = await db
    .select({ sale: activities, brand: brands, venue: venues })
    .from(activities)
    .innerJoin(brands, eq(brands.id, activities.brandId))
    .leftJoin(venues, eq(venues.id, activities.venueId))
    .where(and(salePublished(shopId), eq(activities.activityNo, activityNo)))
    .limit(1);
  return row ?? null;
}

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
  const found = await findPublishedSale(db, shopId, activityNo);
  if (!found) return null;
  const { sale, brand } = found;

  const inSale = eq(products.activityId, sale.id);
  const withSize = (size: string) =>
    exists(
      db
        .select({ one: skus.id })
        .from(skus)
        .where(and(eq(skus.productId, products.id), eq(skus.size, size))),
    );
  const [sizeRows, cards] = await Promise.all([
    db
      .selectDistinct({ size: skus.size })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .where(and(productPublished(shopId), inSale)),
    readProductCards(db, shopId, and(inSale, options.size ? withSize(options.size) : undefined), {
      orderBy: productSortOrder(options.sort ?? 'default'),
    }),
  ]);
  const sizes = sizeRows.map((r) => r.size).filter((size) => size !== '均码');

  return {
    activityNo: sale.activityNo,
    title: sale.title,
    subtitle: sale.subtitle,
    bannerUrl: sale.bannerUrl,
    startAt: sale.startAt,
    endAt: sale.endAt,
    state: saleState(sale, now),
    brand: { id: brand.id, name: brand.name, logoUrl: brand.logoUrl, story: brand.story },
    products: cards,
    sizes: sortSizes(sizes),
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
