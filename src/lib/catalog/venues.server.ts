/**
 * The browsing routes beyond home, brand and product (issue 4 item 5): the running brand sales,
 * what starts soon, top brands and top products, today's flash-sale sessions, venues (business,
 * supermarket, global, east gate, presales), banner landings, a sale before it opens and the
 * N件X折 sale. Prices always with the shop's and the sale's markups.
 *
 * A sale's `kind` says how it sells: brand sales, presales and N件X折 sales are brand sales with
 * a twist and are listed together; a flash-sale session (seckill) has its own page only.
 */
import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { saleState, type SaleState } from './sale.ts';
import { SHOP_TIME_ZONE, shopClock } from '#lib/platform/time.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  activities,
  activityTags,
  banners,
  brands,
  products,
  venues,
} from '#lib/platform/db/schema.ts';
import { findPublishedSale, saleSummaryColumns, type SaleSummary } from './catalog.server.ts';
import { CardOrder, readProductCards, type ProductCard } from './cards.server.ts';
import {
  notFlashSale,
  productPublished,
  salePublished,
  saleNotEndedAt,
  saleRunningAt,
  saleUpcomingAt,
} from './filters.server.ts';
import { asNpieceRule, type NpieceRule } from './pricing.ts';

export type SaleKind = 'brand' | 'seckill' | 'presale' | 'npiece';

/** A sale as the sale lists show it: its summary, how it sells, its tab and its state now. */
export interface SaleCard extends SaleSummary {
  kind: SaleKind;
  rule: NpieceRule | null;
  tagName: string | null;
  state: SaleState;
}

/** The venue routes, each showing the venue of its kind. */
export const VENUE_KINDS = [
  'businessVenue',
  'superMarket',
  'allBuying',
  'eastGate',
  'presale-fresh',
  'presale-factory',
] as const;
export type VenueKind = (typeof VENUE_KINDS)[number];

export function isVenueKind(name: string): name is VenueKind {
  return (VENUE_KINDS as readonly string[]).includes(name);
}

/** Activity and product numbers as the pages accept them. */
const NUMBER_PATTERN = /^[A-Za-z0-9-]{1,40}$/;
export const isActivityNo = (value: string): boolean => NUMBER_PATTERN.test(value);

const DAY = 86_400_000;
const SHOP_OFFSET = 8 * 3_600_000; // China Standard Time has no daylight saving.

/** The start of the shop's day (China time) that holds `at`. */
export function shopDayStart(at: Date): Date {
  return new Date(Math.floor((at.getTime() + SHOP_OFFSET) / DAY) * DAY - SHOP_OFFSET);
}

const dayLabelFormat = new Intl.DateTimeFormat('zh-CN', {
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  timeZone: SHOP_TIME_ZONE,
});

async function saleCards(
  db: DbOrTx,
  where: SQL | undefined,
  order: 'sort' | 'start',
  now: Date,
  limit = 200,
): Promise<SaleCard[]> {
  const rows = await db
    .select({
      ...saleSummaryColumns,
      kind: activities.kind,
      rule: activities.rule,
      tagName: activityTags.name,
    })
    .from(activities)
    .innerJoin(brands, eq(brands.id, activities.brandId))
    .leftJoin(activityTags, eq(activityTags.id, activities.tagId))
    .where(where)
    .orderBy(
      ...(order === 'sort'
        ? [asc(activities.sort), asc(activities.id)]
        : [asc(activities.startAt), asc(activities.sort), asc(activities.id)]),
    )
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    kind: r.kind as SaleKind,
    rule: asNpieceRule(r.rule),
    state: saleState(r, now),
  }));
}

/** A card of a product in a sale: every product these pages list is in one. */
export type SaleProductCard = ProductCard & { activityNo: string };

/** The cards of products in the sales matching `where` (a condition on activities). */
async function saleProducts(
  db: DbOrTx,
  shopId: string,
  where: SQL | undefined,
  options: { orderBy: SQL[]; limit: number },
): Promise<SaleProductCard[]> {
  const cards = await readProductCards(db, shopId, where, options);
  return cards.filter((card): card is SaleProductCard => card.activityNo !== null);
}

// ---------------------------------------------------------------------------------------------
// brandList, forcast, superbrand, top-list

/** The shop's running sales (not flash-sale sessions) in the shop's order. */
export function listRunningSales(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<SaleCard[]> {
  return saleCards(db, and(salePublished(shopId), saleRunningAt(now), notFlashSale), 'sort', now);
}

/** Running sales grouped by their home tab, in the tabs' order; untagged ones last. */
export async function listRunningSalesByTag(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<{ tagName: string | null; sales: SaleCard[] }[]> {
  const [sales, tags] = await Promise.all([
    listRunningSales(db, shopId, now),
    db
      .select({ name: activityTags.name })
      .from(activityTags)
      .where(eq(activityTags.shopId, shopId))
      .orderBy(asc(activityTags.sort), asc(activityTags.id)),
  ]);
  const groups = [...tags.map((t) => t.name), null].map((tagName) => ({
    tagName,
    sales: sales.filter((s) => s.tagName === tagName),
  }));
  return groups.filter((g) => g.sales.length > 0);
}

export interface UpcomingDay {
  /** The shop day's start. */
  day: Date;
  label: string;
  sales: SaleCard[];
}

/** Upper bound of the upcoming sales read at once (the demo has a handful). */
export const UPCOMING_LIMIT = 100;

/** The shop's sales that have not opened yet (not flash-sale sessions), soonest first. */
export function listUpcomingSaleCards(
  db: DbOrTx,
  shopId: string,
  options: { now?: Date | undefined; limit?: number } = {},
): Promise<SaleCard[]> {
  const now = options.now ?? new Date();
  return saleCards(
    db,
    and(salePublished(shopId), saleUpcomingAt(now), notFlashSale),
    'start',
    now,
    options.limit ?? UPCOMING_LIMIT,
  );
}

/** Sales that have not opened yet (not flash-sale sessions), soonest first, by shop day. */
export async function listUpcomingByDay(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<UpcomingDay[]> {
  const sales = await listUpcomingSaleCards(db, shopId, { now });
  const days = new Map<number, UpcomingDay>();
  for (const sale of sales) {
    const day = shopDayStart(sale.startAt);
    const entry = days.get(day.getTime()) ?? {
      day,
      label: dayLabelFormat.format(sale.startAt),
      sales: [],
    };
    entry.sales.push(sale);
    days.set(day.getTime(), entry);
  }
  return [...days.values()];
}

export interface TopBrand {
  rank: number;
  brandId: number;
  name: string;
  logoUrl: string | null;
  story: string;
  /** Pieces sold over the brand's running sales. */
  salesCount: number;
  /** The brand's best-selling running sale. */
  sale: { activityNo: string; title: string; endAt: Date };
  products: SaleProductCard[];
}

/** Brands ranked by what their running sales sold, each with its best running sale. */
export async function listTopBrands(
  db: DbOrTx,
  shopId: string,
  options: { limit?: number; now?: Date } = {},
): Promise<TopBrand[]> {
  const now = options.now ?? new Date();
  const limit = Math.min(Math.max(options.limit ?? 10, 1), 50);
  const perSale = await db
    .select({
      activityId: activities.id,
      activityNo: activities.activityNo,
      title: activities.title,
      endAt: activities.endAt,
      brandId: brands.id,
      name: brands.name,
      logoUrl: brands.logoUrl,
      story: brands.story,
      sold: sql<number>`coalesce(sum(${products.salesCount}), 0)::int`,
    })
    .from(activities)
    .innerJoin(brands, eq(brands.id, activities.brandId))
    .innerJoin(products, and(eq(products.activityId, activities.id), productPublished(shopId)))
    .where(and(salePublished(shopId), saleRunningAt(now), notFlashSale))
    .groupBy(activities.id, brands.id)
    .orderBy(asc(activities.sort), asc(activities.id));

  const byBrand = new Map<number, { total: number; best: (typeof perSale)[number] }>();
  for (const row of perSale) {
    const sold = Number(row.sold);
    const entry = byBrand.get(row.brandId);
    if (!entry) byBrand.set(row.brandId, { total: sold, best: row });
    else {
      entry.total += sold;
      if (sold > Number(entry.best.sold)) entry.best = row;
    }
  }
  const ranked = [...byBrand.values()]
    .toSorted((a, b) => b.total - a.total || a.best.brandId - b.best.brandId)
    .slice(0, limit);
  const tiles = ranked.length
    ? await saleProducts(
        db,
        shopId,
        inArray(
          activities.id,
          ranked.map((r) => r.best.activityId),
        ),
        { orderBy: CardOrder.bestSelling, limit: 500 },
      )
    : [];
  return ranked.map(({ total, best }, i) => ({
    rank: i + 1,
    brandId: best.brandId,
    name: best.name,
    logoUrl: best.logoUrl,
    story: best.story,
    salesCount: total,
    sale: { activityNo: best.activityNo, title: best.title, endAt: best.endAt },
    products: tiles.filter((p) => p.activityNo === best.activityNo).slice(0, 3),
  }));
}

/** The best-selling products of the running sales (not flash-sale sessions), ranked. */
export function listTopProducts(
  db: DbOrTx,
  shopId: string,
  options: { limit?: number; now?: Date } = {},
): Promise<SaleProductCard[]> {
  const now = options.now ?? new Date();
  return saleProducts(db, shopId, and(salePublished(shopId), saleRunningAt(now), notFlashSale), {
    orderBy: CardOrder.bestSelling,
    limit: Math.min(Math.max(options.limit ?? 20, 1), 100),
  });
}

// ---------------------------------------------------------------------------------------------
// seckill-list

export interface SeckillSession {
  activityNo: string;
  title: string;
  /** "10:00"; "昨日 22:00" or "明日 10:00" for a session of the day before or after. */
  label: string;
  startAt: Date;
  endAt: Date;
  state: SaleState;
}

export interface SeckillPage {
  sessions: SeckillSession[];
  current: SeckillSession | null;
  products: (SaleProductCard & { soldPercent: number })[];
}

/** How far back ended sessions stay on the tabs (so last night's are there after midnight). */
const SECKILL_LOOKBACK = 12 * 3_600_000;

/**
 * The flash-sale sessions around now: those that ended in the last 12 hours, the running one,
 * and those starting by the end of tomorrow, with the chosen session's products. Without a
 * choice: the running session, else the next one, else the last.
 */
export async function getSeckillPage(
  db: DbOrTx,
  shopId: string,
  options: { activityNo?: string | undefined; now?: Date } = {},
): Promise<SeckillPage> {
  const now = options.now ?? new Date();
  const today = shopDayStart(now);
  const tomorrow = new Date(today.getTime() + DAY);
  const rows = await db
    .select({
      activityNo: activities.activityNo,
      title: activities.title,
      startAt: activities.startAt,
      endAt: activities.endAt,
    })
    .from(activities)
    .where(
      and(
        salePublished(shopId),
        eq(activities.kind, 'seckill'),
        gt(activities.endAt, new Date(now.getTime() - SECKILL_LOOKBACK)),
        lte(activities.startAt, new Date(tomorrow.getTime() + DAY)),
      ),
    )
    .orderBy(asc(activities.startAt), asc(activities.id));
  const dayWord = (at: Date) => (at < today ? '昨日 ' : at >= tomorrow ? '明日 ' : '');
  const sessions = rows.map((r) => ({
    ...r,
    label: `${dayWord(r.startAt)}${shopClock(r.startAt)}`,
    state: saleState(r, now),
  }));
  const current =
    sessions.find((s) => s.activityNo === options.activityNo) ??
    sessions.find((s) => s.state === 'ongoing') ??
    sessions.find((s) => s.state === 'upcoming') ??
    sessions.at(-1) ??
    null;
  const tiles = current
    ? await saleProducts(
        db,
        shopId,
        and(salePublished(shopId), eq(activities.activityNo, current.activityNo)),
        { orderBy: CardOrder.shelf, limit: 100 },
      )
    : [];
  return {
    sessions,
    current,
    products: tiles.map((p) => ({
      ...p,
      // What went, of what there was: sold pieces against sold and left.
      soldPercent:
        p.salesCount + p.stock === 0
          ? 0
          : Math.round((p.salesCount / (p.salesCount + p.stock)) * 100),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Venues

export interface Venue {
  venueNo: string;
  kind: string;
  name: string;
  bannerUrl: string | null;
  startAt: Date | null;
  endAt: Date | null;
  /** The venue's sales that have not ended, running first. */
  sales: SaleCard[];
  /** Products of its running sales, best sellers first. */
  products: SaleProductCard[];
}

/**
 * The open venue of a kind: the one numbered `venueNo`, or the first open one. Null when the
 * venue is unknown, of another kind or shop, not open yet or ended.
 */
export async function getVenue(
  db: DbOrTx,
  shopId: string,
  kind: VenueKind,
  options: { venueNo?: string | undefined; now?: Date; productLimit?: number } = {},
): Promise<Venue | null> {
  const now = options.now ?? new Date();
  const [venue] = await db
    .select()
    .from(venues)
    .where(
      and(
        eq(venues.shopId, shopId),
        eq(venues.kind, kind),
        options.venueNo ? eq(venues.venueNo, options.venueNo) : undefined,
        or(isNull(venues.startAt), lte(venues.startAt, now)),
        or(isNull(venues.endAt), gt(venues.endAt, now)),
      ),
    )
    .orderBy(asc(venues.startAt), asc(venues.id))
    .limit(1);
  if (!venue) return null;
  const inVenue = and(salePublished(shopId), eq(activities.venueId, venue.id));
  const [sales, tiles] = await Promise.all([
    saleCards(db, and(inVenue, saleNotEndedAt(now)), 'start', now),
    saleProducts(db, shopId, and(inVenue, saleRunningAt(now)), {
      orderBy: CardOrder.bestSelling,
      limit: options.productLimit ?? 20,
    }),
  ]);
  return {
    venueNo: venue.venueNo,
    kind: venue.kind,
    name: venue.name,
    bannerUrl: venue.bannerUrl,
    startAt: venue.startAt,
    endAt: venue.endAt,
    sales: sales.toSorted((a, b) => Number(a.state !== 'ongoing') - Number(b.state !== 'ongoing')),
    products: tiles,
  };
}

// ---------------------------------------------------------------------------------------------
// landingPage, bannerLanding

export interface Landing {
  title: string;
  bannerUrl: string | null;
  sales: SaleCard[];
  products: SaleProductCard[];
}

export const MAX_LANDING_SALES = 10;

/** "A1001001,A1001005" → the numbers, checked, at most MAX_LANDING_SALES. */
export function parseActivityNos(value: string | null | undefined): string[] {
  if (!value) return [];
  const nos = value
    .split(',')
    .map((no) => no.trim())
    .filter(isActivityNo);
  return [...new Set(nos)].slice(0, MAX_LANDING_SALES);
}

/**
 * A landing page: the sales it promotes and their products. Promoted are the sales named by
 * `activityNos`, or those of the live banner at `index` of `location` (its link's activityNo
 * list, else the sale of a brand link, else every running sale: the banner promotes the list).
 * Null when the banner is unknown or nothing it promotes is still on.
 */
export async function getLanding(
  db: DbOrTx,
  shopId: string,
  source: { activityNos: string[] } | { location: string; index: number },
  now = new Date(),
): Promise<Landing | null> {
  let title = '活动专题';
  let bannerUrl: string | null = null;
  let activityNos: string[] | null;
  if ('activityNos' in source) {
    activityNos = source.activityNos;
    if (activityNos.length === 0) return null;
  } else {
    if (!Number.isInteger(source.index) || source.index < 0 || source.index > 100) return null;
    const [banner] = await db
      .select({ title: banners.title, imageUrl: banners.imageUrl, link: banners.link })
      .from(banners)
      .where(
        and(
          eq(banners.shopId, shopId),
          eq(banners.location, source.location),
          or(isNull(banners.startAt), lte(banners.startAt, now)),
          or(isNull(banners.endAt), gt(banners.endAt, now)),
        ),
      )
      .orderBy(asc(banners.sort), asc(banners.id))
      .offset(source.index)
      .limit(1);
    if (!banner) return null;
    title = banner.title || title;
    bannerUrl = banner.imageUrl;
    const params = banner.link?.params ?? {};
    const named = parseActivityNos(params.activityNo);
    activityNos = named.length > 0 ? named : null;
  }
  const sales = await saleCards(
    db,
    and(
      salePublished(shopId),
      saleNotEndedAt(now),
      activityNos
        ? inArray(activities.activityNo, activityNos)
        : and(saleRunningAt(now), notFlashSale),
    ),
    'sort',
    now,
  );
  if (sales.length === 0) return null;
  const products = await saleProducts(
    db,
    shopId,
    and(
      salePublished(shopId),
      saleRunningAt(now),
      inArray(
        activities.activityNo,
        sales.map((s) => s.activityNo),
      ),
    ),
    { orderBy: CardOrder.bestSelling, limit: 20 },
  );
  if ('activityNos' in source && sales.length === 1) title = sales[0]!.title;
  return { title, bannerUrl: bannerUrl ?? sales[0]!.bannerUrl, sales, products };
}

// ---------------------------------------------------------------------------------------------
// preheat, commonActivity, goodsOfNpieceXfold

export interface SaleInfo {
  activityNo: string;
  kind: SaleKind;
  rule: NpieceRule | null;
  venue: { venueNo: string; kind: string; name: string } | null;
}

/** How a published sale of the shop sells, and its venue; null when there is no such sale. */
export async function getSaleInfo(
  db: DbOrTx,
  shopId: string,
  activityNo: string,
): Promise<SaleInfo | null> {
  const found = await findPublishedSale(db, shopId, activityNo);
  if (!found) return null;
  const { sale, venue } = found;
  return {
    activityNo: sale.activityNo,
    kind: sale.kind as SaleKind,
    rule: asNpieceRule(sale.rule),
    venue: venue && { venueNo: venue.venueNo, kind: venue.kind, name: venue.name },
  };
}

/** The sale that opens next (not a flash-sale session), for a preheat link without a sale. */
export async function nextUpcomingSaleNo(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db
    .select({ activityNo: activities.activityNo })
    .from(activities)
    .where(and(salePublished(shopId), saleUpcomingAt(now), notFlashSale))
    .orderBy(asc(activities.startAt), asc(activities.id))
    .limit(1);
  return row?.activityNo ?? null;
}

/** The N件X折 sales that have not ended, running first. */
export async function listNpieceSales(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<SaleCard[]> {
  const sales = await saleCards(
    db,
    and(salePublished(shopId), eq(activities.kind, 'npiece'), saleNotEndedAt(now)),
    'start',
    now,
  );
  return sales
    .filter((s) => s.rule !== null)
    .toSorted((a, b) => Number(a.state !== 'ongoing') - Number(b.state !== 'ongoing'));
}
