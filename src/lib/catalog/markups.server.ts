/**
 * global-add-price where the database is: the platform's limits per category and the limit that
 * holds for the shop's global markup and for each of its sales (queryAddPriceAstrict), reading
 * and setting both markups (one conditional update each), and the final prices a markup would
 * give (queryFinalPriceByProductNos), computed by the pricing module.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  activities,
  brands,
  categories,
  markupLimits,
  products,
  shops,
} from '#lib/platform/db/schema.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import {
  productPublished,
  saleNotEndedAt,
  saleUpcomingAt,
  withProductJoins,
} from './filters.server.ts';
import {
  categoryLimit,
  checkMarkup,
  markupLabel,
  markupOfSetting,
  settingOfMarkup,
  strictestLimit,
  type LimitSource,
  type Markup,
  type MarkupInput,
  type MarkupLimit,
  type MarkupScope,
} from './markups.ts';
import { shopperPrice } from './pricing.ts';
import { markupsOf, priceOf, productPriceColumns } from './pricing.server.ts';
import { MAX_PREVIEW_NOS } from './markups-contracts.ts';
import { saleState, type SaleState } from './sale.ts';
import { saveGlobalMarkup } from '#lib/shop/index.server.ts';
import { SaleStatus } from './status.ts';

/** How many products one preview may price. */
const MAX_PREVIEW_PRODUCTS = MAX_PREVIEW_NOS;

/** A stored markup as the page shows it. */
export interface MarkupView {
  kind: 'percent' | 'fixed';
  addPriceBp: number;
  addPriceCents: number;
  /** "+10%", "+¥5.00" or 未加价. */
  label: string;
}

export function markupView(markup: Markup): MarkupView {
  return {
    kind: settingOfMarkup(markup).kind,
    addPriceBp: markup.bp,
    addPriceCents: markup.cents,
    label: markupLabel(markup),
  };
}

/** queryGlobalAddPrice: the shop's global markup and the limit it is held to. */
export interface GlobalAddPrice {
  markup: MarkupView;
  limit: MarkupLimit;
}

/** queryActivityAddPrice: a sale's own markup and the limit it is held to. */
export interface ActivityAddPrice {
  activityNo: string;
  title: string;
  brandName: string;
  state: SaleState;
  startAt: Date;
  endAt: Date;
  markup: MarkupView;
  limit: MarkupLimit;
}

/** One category's limit and where it comes from. */
export interface CategoryLimitView {
  categoryId: number;
  name: string;
  parentId: number | null;
  maxBp: number;
  maxCents: number;
  source: LimitSource;
}

/** queryAddPriceAstrict. */
export interface AddPriceLimits {
  /** Every category of the platform, in its order. */
  categories: CategoryLimitView[];
  /** The limit of the shop's global markup: the strictest over its products' categories. */
  global: MarkupLimit;
  /** Each running or upcoming sale of the shop, with the strictest over its products' categories. */
  sales: { activityNo: string; title: string; limit: MarkupLimit }[];
}

/** A product's price now and with the proposed markup (queryFinalPriceByProductNos). */
export interface FinalPrice {
  productNo: string;
  name: string;
  activityNo: string | null;
  /** What shoppers pay now. */
  priceCents: number;
  /** What they would pay with the proposed markup (now's price when none is proposed). */
  finalPriceCents: number;
  /** The market price beside the final price (never below it). */
  finalMarketPriceCents: number;
}

/** The limit table: each category's limit, its own or inherited (markups.ts categoryLimit). */
async function limitTable(db: DbOrTx) {
  const [categoryRows, limitRows] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.sort), asc(categories.id)),
    db.select().from(markupLimits),
  ]);
  const parentOf = new Map(categoryRows.map((c) => [c.id, c.parentId]));
  const own = new Map(
    limitRows.map((r) => [r.categoryId, { maxBp: r.maxBp, maxCents: r.maxCents }]),
  );
  return {
    categoryRows,
    of: (categoryId: number | null) => categoryLimit(categoryId, parentOf, own),
  };
}

/** The strictest limit over the categories of the shop's published products (of one sale). */
async function limitOver(
  db: DbOrTx,
  shopId: string,
  activityId: number | null,
): Promise<MarkupLimit> {
  const [table, rows] = await Promise.all([
    limitTable(db),
    db
      .selectDistinct({ categoryId: products.categoryId })
      .from(products)
      .where(
        and(
          productPublished(shopId),
          activityId === null ? undefined : eq(products.activityId, activityId),
        ),
      ),
  ]);
  return strictestLimit(rows.map((r) => table.of(r.categoryId).limit));
}

/** The shop's sales a markup may be set on and the page lists: published, not ended. */
async function markupSales(db: DbOrTx, shopId: string, now: Date) {
  return (
    db
      .select({
        id: activities.id,
        activityNo: activities.activityNo,
        title: activities.title,
        brandName: brands.name,
        startAt: activities.startAt,
        endAt: activities.endAt,
        addPriceBp: activities.addPriceBp,
        addPriceCents: activities.addPriceCents,
      })
      .from(activities)
      .innerJoin(brands, eq(brands.id, activities.brandId))
      .where(
        and(
          eq(activities.shopId, shopId),
          eq(activities.status, SaleStatus.Published),
          saleNotEndedAt(now),
        ),
      )
      // Running first, then upcoming, each in the shop's order.
      .orderBy(saleUpcomingAt(now), asc(activities.sort), asc(activities.id))
  );
}

/** queryAddPriceAstrict: the limits per category, of the global markup and of each sale. */
export async function readAddPriceLimits(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<AddPriceLimits> {
  const [table, sales, rows] = await Promise.all([
    limitTable(db),
    markupSales(db, shopId, now),
    db
      .selectDistinct({ activityId: products.activityId, categoryId: products.categoryId })
      .from(products)
      .where(productPublished(shopId)),
  ]);
  const limitOf = (activityId: number | null) =>
    strictestLimit(
      rows
        .filter((r) => activityId === null || r.activityId === activityId)
        .map((r) => table.of(r.categoryId).limit),
    );
  return {
    categories: table.categoryRows.map((c) => {
      const { limit, source } = table.of(c.id);
      return { categoryId: c.id, name: c.name, parentId: c.parentId, ...limit, source };
    }),
    global: limitOf(null),
    sales: sales.map((s) => ({ activityNo: s.activityNo, title: s.title, limit: limitOf(s.id) })),
  };
}

/** queryGlobalAddPrice. */
export async function readGlobalAddPrice(db: DbOrTx, shopId: string): Promise<GlobalAddPrice> {
  const [[shop], limit] = await Promise.all([
    db
      .select({ bp: shops.globalAddPriceBp, cents: shops.globalAddPriceCents })
      .from(shops)
      .where(eq(shops.id, shopId)),
    limitOver(db, shopId, null),
  ]);
  if (!shop) throw appError(Errors.SHOP_NOT_FOUND);
  return { markup: markupView(shop), limit };
}

/** The markup as sent, checked against the limit; refused with the rule's own text. */
function checked(input: MarkupInput, limit: MarkupLimit, scope: MarkupScope): Markup {
  const check = checkMarkup(input, limit, scope);
  if (!check.ok) {
    const entry = check.beyondLimit ? Errors.MARKUP_BEYOND_LIMIT : Errors.MARKUP_INVALID;
    throw appError({ ...entry, message: check.message });
  }
  return markupOfSetting(check.setting);
}

/**
 * globalAddPrice: sets the shop's global markup within its limit, one update. Every price is
 * computed from it from now on; placed orders keep the amounts stored on their lines.
 */
export async function setGlobalAddPrice(
  db: DbOrTx,
  input: { shopId: string; markup: MarkupInput },
): Promise<GlobalAddPrice> {
  return db.transaction(async (tx) => {
    const limit = await limitOver(tx, input.shopId, null);
    const markup = checked(input.markup, limit, 'global');
    const row = await saveGlobalMarkup(tx, input.shopId, markup);
    if (!row) throw appError(Errors.SHOP_NOT_FOUND);
    return { markup: markupView(row), limit };
  });
}

/** The shop's own sale by number, or MARKUP_SALE_NOT_FOUND (another shop's is not told apart). */
async function ownSale(db: DbOrTx, shopId: string, activityNo: string) {
  const [sale] = await db
    .select({
      id: activities.id,
      activityNo: activities.activityNo,
      title: activities.title,
      brandName: brands.name,
      startAt: activities.startAt,
      endAt: activities.endAt,
      addPriceBp: activities.addPriceBp,
      addPriceCents: activities.addPriceCents,
    })
    .from(activities)
    .innerJoin(brands, eq(brands.id, activities.brandId))
    .where(and(eq(activities.shopId, shopId), eq(activities.activityNo, activityNo)))
    .limit(1);
  if (!sale) throw appError(Errors.MARKUP_SALE_NOT_FOUND);
  return sale;
}

function activityView(
  sale: Awaited<ReturnType<typeof ownSale>>,
  limit: MarkupLimit,
  now: Date,
): ActivityAddPrice {
  return {
    activityNo: sale.activityNo,
    title: sale.title,
    brandName: sale.brandName,
    state: saleState(sale, now),
    startAt: sale.startAt,
    endAt: sale.endAt,
    markup: markupView({ bp: sale.addPriceBp, cents: sale.addPriceCents }),
    limit,
  };
}

/** queryActivityAddPrice/{activityNoStr}: one of the shop's own sales. */
export async function readActivityAddPrice(
  db: DbOrTx,
  shopId: string,
  activityNo: string,
  now = new Date(),
): Promise<ActivityAddPrice> {
  const sale = await ownSale(db, shopId, activityNo);
  return activityView(sale, await limitOver(db, shopId, sale.id), now);
}

/**
 * activityAddPrice: sets the markup of one of the shop's own sales that has not ended, within
 * the strictest limit over its products' categories; one conditional update.
 */
export async function setActivityAddPrice(
  db: DbOrTx,
  input: { shopId: string; activityNo: string; markup: MarkupInput; now?: Date },
): Promise<ActivityAddPrice> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const sale = await ownSale(tx, input.shopId, input.activityNo);
    if (saleState(sale, now) === 'ended') throw appError(Errors.MARKUP_SALE_ENDED);
    const limit = await limitOver(tx, input.shopId, sale.id);
    const markup = checked(input.markup, limit, 'sale');
    const [row] = await tx
      .update(activities)
      .set({ addPriceBp: markup.bp, addPriceCents: markup.cents })
      .where(
        and(eq(activities.id, sale.id), eq(activities.shopId, input.shopId), saleNotEndedAt(now)),
      )
      .returning({ addPriceBp: activities.addPriceBp, addPriceCents: activities.addPriceCents });
    if (!row) throw appError(Errors.MARKUP_SALE_ENDED);
    return activityView({ ...sale, ...row }, limit, now);
  });
}

/** A markup to preview: the shop's global one, or one sale's (activityNo). */
export interface ProposedMarkup extends MarkupInput {
  activityNo?: string | undefined;
}

/**
 * queryFinalPriceByProductNos: the shop's published products asked for (in the order asked,
 * unknown ones dropped) with their price now and with the proposed markup in place of the
 * global one or of its sale's, through the pricing module. Nothing is saved; a proposal that
 * could not be saved is refused the same way.
 */
export async function previewFinalPrices(
  db: DbOrTx,
  input: { shopId: string; productNos: string[]; proposed?: ProposedMarkup | undefined },
): Promise<FinalPrice[]> {
  const nos = [...new Set(input.productNos)].slice(0, MAX_PREVIEW_PRODUCTS);
  const { proposed } = input;
  let replace: { markup: Markup; activityNo: string | null } | null = null;
  if (proposed) {
    if (proposed.activityNo !== undefined) {
      const sale = await ownSale(db, input.shopId, proposed.activityNo);
      const limit = await limitOver(db, input.shopId, sale.id);
      replace = { markup: checked(proposed, limit, 'sale'), activityNo: sale.activityNo };
    } else {
      const limit = await limitOver(db, input.shopId, null);
      replace = { markup: checked(proposed, limit, 'global'), activityNo: null };
    }
  }
  if (nos.length === 0) return [];
  const rows = await withProductJoins(
    db
      .select({
        productNo: products.productNo,
        name: products.name,
        activityNo: activities.activityNo,
        ...productPriceColumns,
      })
      .from(products)
      .$dynamic(),
  ).where(and(productPublished(input.shopId), inArray(products.productNo, nos)));
  const byNo = new Map(rows.map((r) => [r.productNo, r]));
  return nos.flatMap((no) => {
    const row = byNo.get(no);
    if (!row) return [];
    const markups = markupsOf(row);
    if (replace?.activityNo === null) markups.global = replace.markup;
    else if (replace && row.activityNo === replace.activityNo) markups.sale = replace.markup;
    const final = shopperPrice(row, markups);
    return [
      {
        productNo: row.productNo,
        name: row.name,
        activityNo: row.activityNo,
        priceCents: priceOf(row).priceCents,
        finalPriceCents: final.priceCents,
        finalMarketPriceCents: final.marketPriceCents,
      },
    ];
  });
}

/** What the global-add-price page shows. */
export interface MarkupPage {
  global: GlobalAddPrice;
  /** The platform's limit of every category. */
  categories: CategoryLimitView[];
  /** A few of the shop's products on sale, one per running sale, for the preview. */
  sample: FinalPrice[];
  /** The running, then upcoming sales, each with its markup, limit and two of its products. */
  sales: (ActivityAddPrice & { sample: FinalPrice[] })[];
}

const GLOBAL_SAMPLE = 4;
const SALE_SAMPLE = 2;

/** The global-add-price page's data. */
export async function readMarkupPage(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<MarkupPage> {
  const [[shop], limits, sales] = await Promise.all([
    db
      .select({ bp: shops.globalAddPriceBp, cents: shops.globalAddPriceCents })
      .from(shops)
      .where(eq(shops.id, shopId)),
    readAddPriceLimits(db, shopId, now),
    markupSales(db, shopId, now),
  ]);
  if (!shop) throw appError(Errors.SHOP_NOT_FOUND);
  const productRows =
    sales.length === 0
      ? []
      : await db
          .select({ productNo: products.productNo, activityId: products.activityId })
          .from(products)
          .where(
            and(
              productPublished(shopId),
              inArray(
                products.activityId,
                sales.map((s) => s.id),
              ),
            ),
          )
          .orderBy(asc(products.sort), asc(products.id));
  const nosOf = new Map<number, string[]>();
  for (const row of productRows) {
    const list = nosOf.get(row.activityId!) ?? [];
    if (list.length < SALE_SAMPLE) nosOf.set(row.activityId!, [...list, row.productNo]);
  }
  const running = sales.filter((s) => saleState(s, now) === 'ongoing');
  const globalNos = running
    .map((s) => nosOf.get(s.id)?.[0])
    .filter((no): no is string => no !== undefined)
    .slice(0, GLOBAL_SAMPLE);
  const allNos = [...globalNos, ...sales.flatMap((s) => nosOf.get(s.id) ?? [])];
  const prices = new Map((await priceAll(db, shopId, allNos)).map((p) => [p.productNo, p]));
  const pick = (nos: string[]) => nos.flatMap((no) => prices.get(no) ?? []);
  const limitOfSale = new Map(limits.sales.map((s) => [s.activityNo, s.limit]));
  return {
    global: { markup: markupView(shop), limit: limits.global },
    categories: limits.categories,
    sample: pick(globalNos),
    sales: sales.map((sale) => ({
      ...activityView(sale, limitOfSale.get(sale.activityNo)!, now),
      sample: pick(nosOf.get(sale.id) ?? []),
    })),
  };
}

/** Today's prices of products, in batches the preview accepts. */
async function priceAll(db: DbOrTx, shopId: string, productNos: string[]): Promise<FinalPrice[]> {
  const unique = [...new Set(productNos)];
  const batches: Promise<FinalPrice[]>[] = [];
  for (let i = 0; i < unique.length; i += MAX_PREVIEW_PRODUCTS) {
    batches.push(
      previewFinalPrices(db, { shopId, productNos: unique.slice(i, i + MAX_PREVIEW_PRODUCTS) }),
    );
  }
  return (await Promise.all(batches)).flat();
}

/**
 * The shop a call with the shop in its path acts on: the path's must be the one the caller's role
 * was checked in (the query's shopBizCode), or the call is refused.
 */
export function shopOfPath(pathShopId: string, roleShopId: string): string {
  if (pathShopId !== roleShopId) throw appError(Errors.NO_PERMISSION);
  return roleShopId;
}
