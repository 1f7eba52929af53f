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
  countProducts,
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
  /** One page of the sale's products (of the size asked for), in the order asked for. */
  products: ProductCard[];
  /** How many products there are of that size, on how many pages; the page shown. */
  total: number;
  page: number;
  pages: number;
  /** Sizes offered in the sale, for the size filter. */
  sizes: string[];
}

/** Products on one page of a sale: a sale of hundreds is read and shown a page at a time. */
export const SALE_PAGE_SIZE = 20;

/**
 * A brand sale with one page of its products, sorted and filtered by size; null when the shop has
 * no such sale. A page past the last shows the last.
 */
export async function getBrandSale(
  db: DbOrTx,
  shopId: string,
  activityNo: string,
  options: {
    sort?: ProductSort;
    size?: string | undefined;
    now?: Date;
    page?: number;
    pageSize?: number;
  } = {},
): Promise<BrandSale | null> {
  const now = options.now ?? new Date();
  const head = await saleHead(db, shopId, activityNo, options.size);
  if (!head) return null;
  return {
    ...head,
    ...(await salePage(db, shopId, head, { ...options, state: saleState(head, now) })),
  };
}

/** What every page of a sale shows: the sale, its brand, its sizes and how many products. */
async function saleHead(db: DbOrTx, shopId: string, activityNo: string, size: string | undefined) {
  const found = await findPublishedSale(db, shopId, activityNo);
  if (!found) return null;
  const { sale, brand } = found;
  const where = saleProductsWhere(db, sale.id, size);
  const [sizeRows, total] = await Promise.all([
    db
      .selectDistinct({ size: skus.size })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .where(and(productPublished(shopId), eq(products.activityId, sale.id))),
    countProducts(db, shopId, where),
  ]);
  return {
    saleId: sale.id,
    activityNo: sale.activityNo,
    title: sale.title,
    subtitle: sale.subtitle,
    bannerUrl: sale.bannerUrl,
    startAt: sale.startAt,
    endAt: sale.endAt,
    brand: { id: brand.id, name: brand.name, logoUrl: brand.logoUrl, story: brand.story },
    sizes: sortSizes(sizeRows.map((r) => r.size).filter((s) => s !== '均码')),
    size,
    total,
  };
}

type SaleHead = NonNullable<Awaited<ReturnType<typeof saleHead>>>;

/** The sale's products, of one size when asked. */
function saleProductsWhere(db: DbOrTx, saleId: number, size: string | undefined) {
  const inSale = eq(products.activityId, saleId);
  if (!size) return inSale;
  return and(
    inSale,
    exists(
      db
        .select({ one: skus.id })
        .from(skus)
        .where(and(eq(skus.productId, products.id), eq(skus.size, size))),
    ),
  );
}

/** One page of the sale's products, within the pages there are. */
async function salePage(
  db: DbOrTx,
  shopId: string,
  head: SaleHead,
  options: { sort?: ProductSort; page?: number; pageSize?: number; state: SaleState },
) {
  const pageSize = Math.max(1, Math.floor(options.pageSize ?? SALE_PAGE_SIZE));
  const pages = Math.max(1, Math.ceil(head.total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
  const cards =
    head.total === 0
      ? []
      : await readProductCards(db, shopId, saleProductsWhere(db, head.saleId, head.size), {
          orderBy: productSortOrder(options.sort ?? 'default'),
          limit: pageSize,
          offset: (page - 1) * pageSize,
        });
  return { state: options.state, products: cards, page, pages };
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

/**
 * getBrandSale through the content cache, the state derived at `now` (see readProductDetail):
 * the sale's head once per size asked, each page once per sort, size and page.
 */
export async function readBrandSale(
  db: DbOrTx,
  contentVersion: number,
  shopId: string,
  activityNo: string,
  options: { sort?: ProductSort; size?: string | undefined; page?: number; now?: Date } = {},
): Promise<BrandSale | null> {
  const now = options.now ?? new Date();
  const head = (size: string | undefined) =>
    cachedContent(
      contentVersion,
      `sale:${shopId}:${activityNo}:${size ?? ''}`,
      () => saleHead(db, shopId, activityNo, size),
      now.getTime(),
    );
  const whole = await head(undefined);
  if (!whole) return null;
  // Only a size the sale offers gets its own entries: made-up sizes cannot fill the cache.
  const sized =
    options.size && whole.sizes.includes(options.size) ? await head(options.size) : whole;
  if (!sized) return null;
  const sort = options.sort ?? 'default';
  const pages = Math.max(1, Math.ceil(sized.total / SALE_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
  const state = saleState(sized, now);
  const shown = await cachedContent(
    contentVersion,
    `sale-page:${shopId}:${activityNo}:${sized.size ?? ''}:${sort}:${page}`,
    () => salePage(db, shopId, sized, { sort, page, state }),
    now.getTime(),
  );
  return { ...sized, ...shown, state };
}
