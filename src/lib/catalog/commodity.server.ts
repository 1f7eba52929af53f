/**
 * The commodity calls of shell §7 "Home, index and commodity" and commerce §7 (productIsExists,
 * activityIsExists), as islands and other clients ask them. Pages read `home.server.ts` and
 * `catalog.server.ts` directly; this module answers the same data call by call through the same
 * reads (running sales from `listOngoingSales`, products from the card read of cards.server.ts)
 * and only shapes them for the wire, so an endpoint never shows something the page would not.
 *
 * "Running" and "upcoming" are the predicates of filters.server.ts; every price is integer cents
 * priced by pricing.ts.
 */
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { formatYuan } from '#lib/platform/money.ts';
import { SHOP_TIME_ZONE } from '#lib/platform/time.ts';
import { routeByName } from '#lib/platform/routes.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  activities,
  activityTags,
  banners,
  brands,
  categories,
  coupons,
  homeResources,
  products,
} from '#lib/platform/db/schema.ts';
import { listOngoingSales, type SaleSummary } from './catalog.server.ts';
import { productCardsByNo, type ProductCard } from './cards.server.ts';
import { listUpcomingByDay, listUpcomingSaleCards, type SaleCard } from './venues.server.ts';
import {
  productOnSaleAt,
  productPublished,
  salePublished,
  saleRunningAt,
} from './filters.server.ts';
import { getShopDetail } from '#lib/shop/index.server.ts';
import { BANNER_LOCATIONS, MAX_SALES_PAGE_SIZE, type ExistsAnswer } from './contracts.ts';
import { CouponStatus } from '#lib/coupons/index.ts';

export const RECOMMEND_LIMIT = 10;
/** Upper bound of the products a home module shows. */
export const MODULE_PRODUCT_LIMIT = 50;

export type BannerLocation = (typeof BANNER_LOCATIONS)[number];

export interface Link {
  route: string;
  params: Record<string, string>;
}

/** A configured target as a link of the route table; null when it names no route we have. */
function linkOf(target: { route: string; params?: Record<string, string> } | null): Link | null {
  if (!target || !routeByName(target.route)) return null;
  return { route: target.route, params: target.params ?? {} };
}

// ---------------------------------------------------------------------------------------------
// Sale tabs and sale lists

export interface SaleTag {
  tagNo: string;
  name: string;
}

export interface SaleTagWithCount extends SaleTag {
  /** Running sales carrying this tag. */
  activityCount: number;
}

/** The shop's sale tabs in the shop's order, each with the number of its running sales. */
export async function listSaleTags(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<SaleTagWithCount[]> {
  const tags = await db
    .select({ id: activityTags.id, tagNo: activityTags.tagNo, name: activityTags.name })
    .from(activityTags)
    .where(eq(activityTags.shopId, shopId))
    .orderBy(asc(activityTags.sort), asc(activityTags.id));
  if (tags.length === 0) return [];
  const counts = await db
    .select({ tagId: activities.tagId, count: sql<number>`count(*)::int` })
    .from(activities)
    .where(
      and(
        salePublished(shopId),
        eq(activities.kind, 'brand'),
        saleRunningAt(now),
        inArray(
          activities.tagId,
          tags.map((t) => t.id),
        ),
      ),
    )
    .groupBy(activities.tagId);
  const countOf = new Map(counts.map((c) => [c.tagId, c.count]));
  return tags.map((t) => ({ tagNo: t.tagNo, name: t.name, activityCount: countOf.get(t.id) ?? 0 }));
}

export interface SalesPage {
  /** The tab asked for, or null for every running sale. */
  tag: SaleTag | null;
  pageNum: number;
  pageSize: number;
  total: number;
  list: SaleSummary[];
}

/**
 * One page of the shop's running sales in the shop's order: those of the tag when `tagNo` is
 * given (none for a tag the shop does not have), every running sale otherwise.
 */
export async function pageSales(
  db: DbOrTx,
  shopId: string,
  options: { tagNo?: string | undefined; pageNum?: number; pageSize?: number; now?: Date } = {},
): Promise<SalesPage> {
  const now = options.now ?? new Date();
  const pageNum = Math.max(1, Math.floor(options.pageNum ?? 1));
  const pageSize = Math.min(MAX_SALES_PAGE_SIZE, Math.max(1, Math.floor(options.pageSize ?? 10)));
  let tag: SaleTag | null = null;
  let sales: SaleSummary[];
  if (options.tagNo === undefined) {
    sales = await listOngoingSales(db, shopId, now);
  } else {
    const [row] = await db
      .select({ id: activityTags.id, tagNo: activityTags.tagNo, name: activityTags.name })
      .from(activityTags)
      .where(and(eq(activityTags.shopId, shopId), eq(activityTags.tagNo, options.tagNo)))
      .limit(1);
    if (!row) return { tag: null, pageNum, pageSize, total: 0, list: [] };
    tag = { tagNo: row.tagNo, name: row.name };
    sales = await salesOfTag(db, shopId, row.id, now);
  }
  return {
    tag,
    pageNum,
    pageSize,
    total: sales.length,
    list: sales.slice((pageNum - 1) * pageSize, pageNum * pageSize),
  };
}

async function salesOfTag(
  db: DbOrTx,
  shopId: string,
  tagId: number,
  now: Date,
): Promise<SaleSummary[]> {
  const [all, tagged] = await Promise.all([
    listOngoingSales(db, shopId, now),
    db
      .select({ activityNo: activities.activityNo })
      .from(activities)
      .where(and(eq(activities.shopId, shopId), eq(activities.tagId, tagId))),
  ]);
  const nos = new Set(tagged.map((r) => r.activityNo));
  return all.filter((s) => nos.has(s.activityNo));
}

/** queryVIPActivitys' answer: the first tab (null without tags) and its running sales. */
export interface MemberSales {
  tag: SaleTag | null;
  list: SaleSummary[];
}

/**
 * queryVIPActivitys: we keep no members-only flag on sales, so the member sales are the running
 * sales of the shop's first tab (its first tag by the shop's order). Empty without tags.
 */
export async function listMemberSales(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<MemberSales> {
  const [first] = await db
    .select({ id: activityTags.id, tagNo: activityTags.tagNo, name: activityTags.name })
    .from(activityTags)
    .where(eq(activityTags.shopId, shopId))
    .orderBy(asc(activityTags.sort), asc(activityTags.id))
    .limit(1);
  if (!first) return { tag: null, list: [] };
  return {
    tag: { tagNo: first.tagNo, name: first.name },
    list: await salesOfTag(db, shopId, first.id, now),
  };
}

export interface RecommendedSale extends SaleSummary {
  /** Pieces sold of the sale's published products. */
  salesCount: number;
}

/** The running sales whose products sold most (ties in the shop's order), at most `limit`. */
export async function listRecommendedSales(
  db: DbOrTx,
  shopId: string,
  options: { limit?: number; now?: Date } = {},
): Promise<RecommendedSale[]> {
  const now = options.now ?? new Date();
  const limit = Math.max(1, Math.min(options.limit ?? RECOMMEND_LIMIT, MAX_SALES_PAGE_SIZE));
  const running = await listOngoingSales(db, shopId, now);
  if (running.length === 0) return [];
  const totals = await db
    .select({
      activityNo: activities.activityNo,
      salesCount: sql<number>`coalesce(sum(${products.salesCount}), 0)::int`,
    })
    .from(products)
    .innerJoin(activities, eq(activities.id, products.activityId))
    .where(
      and(
        eq(activities.shopId, shopId),
        productPublished(shopId),
        inArray(
          activities.activityNo,
          running.map((s) => s.activityNo),
        ),
      ),
    )
    .groupBy(activities.activityNo);
  const soldOf = new Map(totals.map((t) => [t.activityNo, t.salesCount]));
  return running
    .map((sale, order) => ({
      sale: { ...sale, salesCount: soldOf.get(sale.activityNo) ?? 0 },
      order,
    }))
    .toSorted((a, b) => b.sale.salesCount - a.sale.salesCount || a.order - b.order)
    .slice(0, limit)
    .map(({ sale }) => sale);
}

// ---------------------------------------------------------------------------------------------
// Upcoming sales

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

/** The shop's calendar day of an instant, "YYYY-MM-DD" in China Standard Time. */
export function shopDay(instant: Date): string {
  return dayFormat.format(instant);
}

/** A sale list's card as the commodity calls answer it: the summary, nothing the spec lacks. */
function summaryOf(sale: SaleCard): SaleSummary {
  return {
    activityNo: sale.activityNo,
    title: sale.title,
    subtitle: sale.subtitle,
    bannerUrl: sale.bannerUrl,
    brandName: sale.brandName,
    brandLogoUrl: sale.brandLogoUrl,
    startAt: sale.startAt,
    endAt: sale.endAt,
  };
}

/** The upcoming sales (listUpcomingSaleCards), those starting on `day` when given. */
export async function listUpcomingSales(
  db: DbOrTx,
  shopId: string,
  options: { day?: string | undefined; now?: Date } = {},
): Promise<SaleSummary[]> {
  const sales = (await listUpcomingSaleCards(db, shopId, { now: options.now })).map(summaryOf);
  return options.day === undefined
    ? sales
    : sales.filter((s) => shopDay(s.startAt) === options.day);
}

/** queryPreTag's answer: one start day of listUpcomingByDay. */
export interface PreTagDay {
  /** The start day, "YYYY-MM-DD" in China Standard Time. */
  day: string;
  activityCount: number;
  list: SaleSummary[];
}

/** The upcoming sales grouped by the day they start, soonest day first. */
export async function listUpcomingDays(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<PreTagDay[]> {
  const days = await listUpcomingByDay(db, shopId, now);
  return days.map(({ day, sales }) => ({
    day: shopDay(day),
    activityCount: sales.length,
    list: sales.map(summaryOf),
  }));
}

// ---------------------------------------------------------------------------------------------
// Brands, banners, icons

export interface BrandWithSale {
  brandId: number;
  brandName: string;
  brandLogoUrl: string | null;
  /** The brand's first running sale in the shop's order: where its card links. */
  activityNo: string;
  /** The brand's running sales in the shop. */
  activityCount: number;
}

/** The brands with a running sale in the shop, in the order of their first sale. */
export async function listBrandsWithSales(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<BrandWithSale[]> {
  const rows = await db
    .select({
      brandId: brands.id,
      brandName: brands.name,
      brandLogoUrl: brands.logoUrl,
      activityNo: activities.activityNo,
    })
    .from(activities)
    .innerJoin(brands, eq(brands.id, activities.brandId))
    .where(and(salePublished(shopId), eq(activities.kind, 'brand'), saleRunningAt(now)))
    .orderBy(asc(activities.sort), asc(activities.id));
  const byBrand = new Map<number, BrandWithSale>();
  for (const row of rows) {
    const seen = byBrand.get(row.brandId);
    if (seen) seen.activityCount += 1;
    else byBrand.set(row.brandId, { ...row, activityCount: 1 });
  }
  return [...byBrand.values()];
}

export interface BannerView {
  title: string;
  imageUrl: string;
  /** Where a tap goes; null when the banner links nowhere (or to a route we do not have). */
  link: Link | null;
}

/** A banner with its window, for bannersAt to take those live at an instant. */
export interface BannerWindow extends BannerView {
  startAt: Date | null;
  endAt: Date | null;
}

/** The banners of `windows` live at `now`, in their order. */
export function bannersAt(windows: readonly BannerWindow[], now: Date): BannerView[] {
  return windows
    .filter((b) => (!b.startAt || b.startAt <= now) && (!b.endAt || b.endAt > now))
    .map(({ title, imageUrl, link }) => ({ title, imageUrl, link }));
}

/**
 * The shop's banners of one location not ended at `since`, with their windows, in the shop's
 * order: every banner live at `since` or later until the content changes (bannersAt takes them).
 */
export async function listBannerWindows(
  db: DbOrTx,
  shopId: string,
  location: BannerLocation,
  since = new Date(),
): Promise<BannerWindow[]> {
  const rows = await db
    .select({
      title: banners.title,
      imageUrl: banners.imageUrl,
      link: banners.link,
      startAt: banners.startAt,
      endAt: banners.endAt,
    })
    .from(banners)
    .where(
      and(
        eq(banners.shopId, shopId),
        eq(banners.location, location),
        or(isNull(banners.endAt), gt(banners.endAt, since)),
      ),
    )
    .orderBy(asc(banners.sort), asc(banners.id));
  // A banner leading to one of the shop's sales shows only while shoppers can open the sale:
  // a hidden or withdrawn sale takes its banners with it.
  const saleNos = [
    ...new Set(
      rows.flatMap((r) =>
        r.link?.route === 'brand' && r.link.params?.activityNo ? [r.link.params.activityNo] : [],
      ),
    ),
  ];
  const open = new Set(
    saleNos.length === 0
      ? []
      : (
          await db
            .select({ activityNo: activities.activityNo })
            .from(activities)
            .where(and(salePublished(shopId), inArray(activities.activityNo, saleNos)))
        ).map((r) => r.activityNo),
  );
  return rows
    .filter(
      (r) =>
        !(r.link?.route === 'brand' && r.link.params?.activityNo) ||
        open.has(r.link.params.activityNo),
    )
    .map((r) => ({
      title: r.title,
      imageUrl: r.imageUrl,
      link: linkOf(r.link),
      startAt: r.startAt,
      endAt: r.endAt,
    }));
}

/** The shop's banners of one location live at `now`, in the shop's order. */
export async function listBanners(
  db: DbOrTx,
  shopId: string,
  location: BannerLocation,
  now = new Date(),
): Promise<BannerView[]> {
  return bannersAt(await listBannerWindows(db, shopId, location, now), now);
}

export interface DiamondItem {
  name: string;
  iconUrl: string;
  /** The route the icon opens (a name of the route table). */
  route: string;
  link: Link | null;
}

/** The shop's icon list (diamond module), in its configured order; empty when none. */
export async function listDiamonds(db: DbOrTx, shopId: string): Promise<DiamondItem[]> {
  const [resource] = await moduleRows(db, shopId, 'diamond');
  const items = resource?.content.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, iconUrl, route } = item as Record<string, unknown>;
    if (typeof name !== 'string' || typeof route !== 'string') return [];
    return [
      {
        name,
        iconUrl: typeof iconUrl === 'string' ? iconUrl : '',
        route,
        link: linkOf({ route }),
      },
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// Home modules (market, category, brand wall, new-customer zone)

type ModuleKind = 'market' | 'category' | 'brandWall' | 'newBornZone' | 'diamond';

function moduleRows(db: DbOrTx, shopId: string, kind: ModuleKind, configId?: string) {
  return db
    .select()
    .from(homeResources)
    .where(
      and(
        eq(homeResources.shopId, shopId),
        eq(homeResources.kind, kind),
        configId === undefined ? undefined : eq(homeResources.configId, configId),
      ),
    )
    .orderBy(asc(homeResources.sort), asc(homeResources.id))
    .limit(1);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A home module's product on the wire (shell §7): a ProductCard under the spec's names. */
export interface ModuleProduct {
  productNo: string;
  productName: string;
  /** The product's main pictures, comma-separated, in gallery order: the first is the cover. */
  productPicUrl: string;
  /** Selling price in cents, the shop's and the sale's markups applied. */
  priceCents: number;
  /** Market (list) price in cents, never below the selling price. */
  marketPriceCents: number;
  /** The same two prices as yuan strings with 2 decimals ("129.00"). */
  price: string;
  marketPrice: string;
  salesCount: number;
  soldOut: boolean;
  /** The sale the product belongs to, if any. */
  activityNo: string | null;
}

function toModuleProduct(card: ProductCard): ModuleProduct {
  return {
    productNo: card.productNo,
    productName: card.name,
    productPicUrl: card.pictureUrls.join(','),
    priceCents: card.priceCents,
    marketPriceCents: card.marketPriceCents,
    price: formatYuan(card.priceCents),
    marketPrice: formatYuan(card.marketPriceCents),
    salesCount: card.salesCount,
    soldOut: card.soldOut,
    activityNo: card.activityNo,
  };
}

/** Published products of the shop by number, in the order asked, as the home page shows them. */
export async function moduleProducts(
  db: DbOrTx,
  shopId: string,
  productNos: string[],
): Promise<ModuleProduct[]> {
  const nos = [...new Set(productNos)].slice(0, MODULE_PRODUCT_LIMIT);
  return (await productCardsByNo(db, shopId, nos)).map(toModuleProduct);
}

export interface MarketResource {
  configId: string;
  title: string;
  bgColor: string | null;
  bgImg: string | null;
  /** The module's "more" target (a route name of the table, e.g. top-list). */
  ringshopShowLinkUrl: string | null;
  productList: ModuleProduct[];
}

/**
 * The shop's market module (today's hits; shell §3), the one of `configId` when given. Null when
 * the shop has no such module; 404 店铺不存在 for an unknown shop.
 */
export async function getMarketResource(
  db: DbOrTx,
  shopId: string,
  configId?: string,
): Promise<MarketResource | null> {
  const [, [row]] = await Promise.all([
    getShopDetail(db, shopId),
    moduleRows(db, shopId, 'market', configId),
  ]);
  if (!row) return null;
  return {
    configId: row.configId,
    title: row.title,
    bgColor: row.bgColor,
    bgImg: row.bgImg,
    ringshopShowLinkUrl: row.linkUrl,
    productList: await moduleProducts(db, shopId, stringList(row.content.productNos)),
  };
}

export interface CategoryResource {
  configId: string;
  title: string;
  list: { categoryId: number; name: string; iconUrl: string | null }[];
}

/** The category module: its title and the categories, as the home page lists them. */
export async function getCategoryResource(
  db: DbOrTx,
  shopId: string,
): Promise<CategoryResource | null> {
  const [, [row], list] = await Promise.all([
    getShopDetail(db, shopId),
    moduleRows(db, shopId, 'category'),
    db
      .select({ categoryId: categories.id, name: categories.name, iconUrl: categories.iconUrl })
      .from(categories)
      .orderBy(asc(categories.sort), asc(categories.id)),
  ]);
  return row ? { configId: row.configId, title: row.title, list } : null;
}

export interface BrandWallResource {
  configId: string;
  title: string;
  list: BrandWithSale[];
}

/** The brand wall module: the brands with a running sale, each linking to its first sale. */
export async function getBrandWallResource(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<BrandWallResource | null> {
  const [, [row], list] = await Promise.all([
    getShopDetail(db, shopId),
    moduleRows(db, shopId, 'brandWall'),
    listBrandsWithSales(db, shopId, now),
  ]);
  return row ? { configId: row.configId, title: row.title, list } : null;
}

export interface ZoneCoupon {
  couponNo: string;
  name: string;
  /** 'reduce': amountCents off at thresholdCents; 'discount'. */
  kind: string;
  amountCents: number;
  thresholdCents: number;
}

export interface NewBornResource {
  configId: string;
  title: string;
  bgColor: string | null;
  bgImg: string | null;
  coupons: ZoneCoupon[];
  productList: ModuleProduct[];
}

/** The new-customer zone: its look, its coupons for new customers and its products. */
export async function getNewBornResource(
  db: DbOrTx,
  shopId: string,
): Promise<NewBornResource | null> {
  const [, [row]] = await Promise.all([
    getShopDetail(db, shopId),
    moduleRows(db, shopId, 'newBornZone'),
  ]);
  if (!row) return null;
  const couponNos = stringList(row.content.couponNos);
  const [productList, couponRows] = await Promise.all([
    moduleProducts(db, shopId, stringList(row.content.productNos)),
    couponNos.length
      ? db
          .select({
            couponNo: coupons.couponNo,
            name: coupons.name,
            kind: coupons.kind,
            amountCents: coupons.amountCents,
            thresholdCents: coupons.thresholdCents,
          })
          .from(coupons)
          .where(
            and(
              eq(coupons.shopId, shopId),
              eq(coupons.status, CouponStatus.Active),
              inArray(coupons.couponNo, couponNos),
            ),
          )
      : Promise.resolve([]),
  ]);
  const couponOf = new Map(couponRows.map((c) => [c.couponNo, c]));
  return {
    configId: row.configId,
    title: row.title,
    bgColor: row.bgColor,
    bgImg: row.bgImg,
    coupons: couponNos.flatMap((no) => couponOf.get(no) ?? []),
    productList,
  };
}

/** The new-customer zone's detail list; configId null for an unknown shop or no zone. */
export interface NewBornProducts {
  configId: string | null;
  title: string;
  total: number;
  list: ModuleProduct[];
}

/** The new-customer zone's products (the detail list); empty for an unknown shop or no zone. */
export async function getNewBornProducts(db: DbOrTx, shopId: string): Promise<NewBornProducts> {
  const [row] = await moduleRows(db, shopId, 'newBornZone');
  const list = row ? await moduleProducts(db, shopId, stringList(row.content.productNos)) : [];
  return { configId: row?.configId ?? null, title: row?.title ?? '', total: list.length, list };
}

// ---------------------------------------------------------------------------------------------
// Exists checks (commerce §7)

function split(asked: string[], live: Iterable<string>): ExistsAnswer {
  const found = new Set(live);
  return {
    exists: asked.filter((no) => found.has(no)),
    missing: asked.filter((no) => !found.has(no)),
  };
}

/** Which of the sales are the shop's, published and running at `now`. */
export async function activitiesExist(
  db: DbOrTx,
  shopId: string,
  activityNos: string[],
  now = new Date(),
): Promise<ExistsAnswer> {
  if (activityNos.length === 0) return { exists: [], missing: [] };
  const rows = await db
    .select({ activityNo: activities.activityNo })
    .from(activities)
    .where(
      and(salePublished(shopId), saleRunningAt(now), inArray(activities.activityNo, activityNos)),
    );
  return split(
    activityNos,
    rows.map((r) => r.activityNo),
  );
}

/**
 * Which of the products are the shop's, published and buyable at `now`: in a running published
 * sale, or in none.
 */
export async function productsExist(
  db: DbOrTx,
  shopId: string,
  productNos: string[],
  now = new Date(),
): Promise<ExistsAnswer> {
  if (productNos.length === 0) return { exists: [], missing: [] };
  const rows = await db
    .select({ productNo: products.productNo })
    .from(products)
    .leftJoin(activities, eq(activities.id, products.activityId))
    .where(and(productOnSaleAt(shopId, now), inArray(products.productNo, productNos)));
  return split(
    productNos,
    rows.map((r) => r.productNo),
  );
}
