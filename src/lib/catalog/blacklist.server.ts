/**
 * hideProduct: the shop's black list of hidden sales. Hiding moves a published sale to Hidden and
 * opens its black-list row, in one transaction; undoing ends the row and publishes the sale again.
 * Every catalogue read requires a published sale (filters.server.ts), so a hidden sale is gone from
 * every shopper page, search, the sitemap, the cart and the share answers until it is undone.
 * Both are idempotent: hiding a hidden sale answers its open row, undoing an ended row answers it.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { activities, brands, saleBlacklist } from '#lib/platform/db/schema.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { saleNotEndedAt, saleUpcomingAt } from './filters.server.ts';
import { saleState, type SaleState } from './sale.ts';
import { SaleStatus } from './status.ts';

/** One row of the black list. */
export interface BlacklistEntry {
  id: number;
  activityNo: string;
  /** Whether the row is open: the sale is hidden. */
  hidden: boolean;
  hiddenAt: Date;
  undoneAt: Date | null;
}

/** A hidden sale as the hideProduct page lists it (pageFrom). */
export interface HiddenSale {
  /** The black-list row's id: what undoHide takes. */
  id: number;
  activityNo: string;
  title: string;
  brandName: string;
  brandLogoUrl: string | null;
  state: SaleState;
  hiddenAt: Date;
}

export interface HiddenSalePage {
  list: HiddenSale[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** A sale of the shop the manager may hide: published and not ended. */
export interface HideableSale {
  activityNo: string;
  title: string;
  brandName: string;
  brandLogoUrl: string | null;
  state: SaleState;
  startAt: Date;
  endAt: Date;
}

async function entryOf(db: DbOrTx, id: number): Promise<BlacklistEntry> {
  const [row] = await db
    .select({
      id: saleBlacklist.id,
      activityNo: activities.activityNo,
      hiddenAt: saleBlacklist.hiddenAt,
      undoneAt: saleBlacklist.undoneAt,
    })
    .from(saleBlacklist)
    .innerJoin(activities, eq(activities.id, saleBlacklist.activityId))
    .where(eq(saleBlacklist.id, id));
  if (!row) throw appError(Errors.BLACKLIST_ENTRY_NOT_FOUND);
  return { ...row, hidden: row.undoneAt === null };
}

/**
 * hide/{shopBizCode}/{activityNoStr}: hides one of the shop's own sales. A sale already hidden
 * answers its open row; a withdrawn one is refused; another shop's is not found.
 */
export async function hideSale(
  db: DbOrTx,
  input: { shopId: string; activityNo: string; userId: number; now?: Date },
): Promise<BlacklistEntry> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [sale] = await tx
      .select({ id: activities.id, status: activities.status })
      .from(activities)
      .where(and(eq(activities.shopId, input.shopId), eq(activities.activityNo, input.activityNo)))
      .limit(1);
    if (!sale) throw appError(Errors.BLACKLIST_SALE_NOT_FOUND);
    const [moved] = await tx
      .update(activities)
      .set({ status: SaleStatus.Hidden })
      .where(and(eq(activities.id, sale.id), eq(activities.status, SaleStatus.Published)))
      .returning({ id: activities.id });
    if (!moved) {
      const [open] = await tx
        .select({ id: saleBlacklist.id })
        .from(saleBlacklist)
        .where(
          and(
            eq(saleBlacklist.shopId, input.shopId),
            eq(saleBlacklist.activityId, sale.id),
            isNull(saleBlacklist.undoneAt),
          ),
        );
      if (open) return entryOf(tx, open.id);
      throw appError(Errors.BLACKLIST_SALE_WITHDRAWN);
    }
    const [entry] = await tx
      .insert(saleBlacklist)
      .values({ shopId: input.shopId, activityId: sale.id, hiddenBy: input.userId, hiddenAt: now })
      .returning({ id: saleBlacklist.id });
    return entryOf(tx, entry!.id);
  });
}

/**
 * undoHide/{shopBizCode}/{id}: ends the shop's black-list row and publishes its sale again. A row
 * already ended answers as it is; another shop's row is not found.
 */
export async function undoHide(
  db: DbOrTx,
  input: { shopId: string; id: number; userId: number; now?: Date },
): Promise<BlacklistEntry> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .update(saleBlacklist)
      .set({ undoneAt: now, undoneBy: input.userId })
      .where(
        and(
          eq(saleBlacklist.id, input.id),
          eq(saleBlacklist.shopId, input.shopId),
          isNull(saleBlacklist.undoneAt),
        ),
      )
      .returning({ activityId: saleBlacklist.activityId });
    if (!ended) {
      const [entry] = await tx
        .select({ id: saleBlacklist.id })
        .from(saleBlacklist)
        .where(and(eq(saleBlacklist.id, input.id), eq(saleBlacklist.shopId, input.shopId)));
      if (!entry) throw appError(Errors.BLACKLIST_ENTRY_NOT_FOUND);
      return entryOf(tx, entry.id);
    }
    await tx
      .update(activities)
      .set({ status: SaleStatus.Published })
      .where(and(eq(activities.id, ended.activityId), eq(activities.status, SaleStatus.Hidden)));
    return entryOf(tx, input.id);
  });
}

const openRows = (shopId: string) =>
  and(eq(saleBlacklist.shopId, shopId), isNull(saleBlacklist.undoneAt))!;

/** size/{shopBizCode}: how many of the shop's sales are hidden. */
export async function hiddenSaleCount(db: DbOrTx, shopId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(saleBlacklist)
    .where(openRows(shopId));
  return Number(row?.n ?? 0);
}

/** pageFrom/{shopBizCode}: the shop's hidden sales, the latest hidden first, one page. */
export async function listHiddenSales(
  db: DbOrTx,
  input: { shopId: string; pageNum: number; pageSize: number; now?: Date },
): Promise<HiddenSalePage> {
  const now = input.now ?? new Date();
  const [total, rows] = await Promise.all([
    hiddenSaleCount(db, input.shopId),
    db
      .select({
        id: saleBlacklist.id,
        activityNo: activities.activityNo,
        title: activities.title,
        brandName: brands.name,
        brandLogoUrl: brands.logoUrl,
        startAt: activities.startAt,
        endAt: activities.endAt,
        hiddenAt: saleBlacklist.hiddenAt,
      })
      .from(saleBlacklist)
      .innerJoin(activities, eq(activities.id, saleBlacklist.activityId))
      .innerJoin(brands, eq(brands.id, activities.brandId))
      .where(openRows(input.shopId))
      .orderBy(desc(saleBlacklist.hiddenAt), desc(saleBlacklist.id))
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize),
  ]);
  return {
    list: rows.map(({ startAt, endAt, ...row }) => ({
      ...row,
      state: saleState({ startAt, endAt }, now),
    })),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** The shop's published sales that have not ended, running first: what the manager may hide. */
export async function listHideableSales(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<HideableSale[]> {
  const rows = await db
    .select({
      activityNo: activities.activityNo,
      title: activities.title,
      brandName: brands.name,
      brandLogoUrl: brands.logoUrl,
      startAt: activities.startAt,
      endAt: activities.endAt,
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
    .orderBy(saleUpcomingAt(now), asc(activities.sort), asc(activities.id));
  return rows.map((row) => ({ ...row, state: saleState(row, now) }));
}
