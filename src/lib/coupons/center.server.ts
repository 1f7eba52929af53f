/**
 * 领券中心: the shop's coupons offered in the centre, by category, each with how many are left and
 * the caller's button (立即领取 / 去使用 / 已领取 / 已抢光).
 */
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  couponCategories,
  coupons,
  couponUserClaims,
  userCoupons,
} from '#lib/platform/db/schema.ts';
import { CouponStatus, UserCouponStatus } from './status.ts';
import {
  CENTER_STATE_TEXT,
  centerState,
  couponCondition,
  couponFace,
  couponScopeText,
  inScope,
  type ScopeLine,
} from './rules.ts';
import type { CenterCoupon } from './contracts.ts';
import { drawCoupon, rulesOf } from './draw.server.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';

/** The centre's categories with at least one coupon on offer now. */
export async function centerCategories(
  db: DbOrTx,
  input: { shopId: string; now?: Date },
): Promise<{ id: number; name: string }[]> {
  const now = input.now ?? new Date();
  return db
    .selectDistinct({
      id: couponCategories.id,
      name: couponCategories.name,
      sort: couponCategories.sort,
    })
    .from(couponCategories)
    .innerJoin(coupons, eq(coupons.categoryId, couponCategories.id))
    .where(and(eq(couponCategories.shopId, input.shopId), offeredNow(now)))
    .orderBy(asc(couponCategories.sort), asc(couponCategories.id))
    .then((rows) => rows.map(({ id, name }) => ({ id, name })));
}

function offeredNow(now: Date) {
  return and(
    eq(coupons.inCenter, true),
    eq(coupons.status, CouponStatus.Active),
    lte(coupons.claimFrom, now),
    gt(coupons.claimTo, now),
  );
}

/**
 * The coupons on offer (in one category, or all; only those applying to `scopeLine`, a product,
 * when given), for the caller (null: not signed in).
 */
export async function centerCoupons(
  db: DbOrTx,
  input: {
    shopId: string;
    userId: number | null;
    categoryId?: number | undefined;
    scopeLine?: ScopeLine | undefined;
    now?: Date;
  },
): Promise<CenterCoupon[]> {
  const now = input.now ?? new Date();
  const offered = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.shopId, input.shopId),
        offeredNow(now),
        input.categoryId === undefined ? undefined : eq(coupons.categoryId, input.categoryId),
      ),
    )
    .orderBy(asc(coupons.claimTo), asc(coupons.id));
  const rows = input.scopeLine
    ? offered.filter((row) => inScope(rulesOf(row), input.scopeLine!))
    : offered;
  return withCallerState(db, rows, input.userId, now);
}

/** Templates as the caller sees them: what they read and the caller's button. */
export async function withCallerState(
  db: DbOrTx,
  rows: (typeof coupons.$inferSelect)[],
  userId: number | null,
  now: Date,
): Promise<CenterCoupon[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [claims, unused] = userId
    ? await Promise.all([
        db
          .select({ couponId: couponUserClaims.couponId, claimed: couponUserClaims.claimed })
          .from(couponUserClaims)
          .where(and(eq(couponUserClaims.userId, userId), inArray(couponUserClaims.couponId, ids))),
        db
          .select({ couponId: userCoupons.couponId, n: sql<number>`count(*)::int` })
          .from(userCoupons)
          .where(
            and(
              eq(userCoupons.userId, userId),
              inArray(userCoupons.couponId, ids),
              eq(userCoupons.status, UserCouponStatus.Unused),
              gt(userCoupons.validTo, now),
            ),
          )
          .groupBy(userCoupons.couponId),
      ])
    : [[], []];
  return rows.map((row) => {
    const rules = rulesOf(row);
    const state = centerState({
      issued: row.issued,
      total: row.total,
      perUserLimit: row.perUserLimit,
      claimedByMe: claims.find((c) => c.couponId === row.id)?.claimed ?? 0,
      unusedByMe: unused.find((c) => c.couponId === row.id)?.n ?? 0,
    });
    return {
      couponId: row.id,
      name: row.name,
      description: row.description,
      face: couponFace(rules),
      condition: couponCondition(rules),
      scopeText: couponScopeText(rules),
      claimedPercent: Math.floor((row.issued * 100) / row.total),
      left: row.total - row.issued,
      claimTo: row.claimTo.toISOString(),
      state,
      stateText: CENTER_STATE_TEXT[state],
    };
  });
}

/**
 * 领取 on a brand page: the coupon must be on offer in the centre and apply to the brand (a
 * brand coupon of it, or a shop-wide one); answers its new state for the caller.
 */
export async function drawForBrand(
  db: DbOrTx,
  input: { shopId: string; userId: number; couponId: number; brandId: number; now?: Date },
): Promise<CenterCoupon> {
  const now = input.now ?? new Date();
  const [template] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, input.couponId), eq(coupons.shopId, input.shopId)));
  const forBrand =
    template !== undefined &&
    (template.scope === 'shop' ||
      (template.scope === 'brand' && template.scopeRef === String(input.brandId)));
  if (!forBrand) throw appError(Errors.COUPON_NOT_FOUND);
  await drawCoupon(db, { ...input, source: 'center', now });
  const [seen] = await withCallerState(db, [template], input.userId, now);
  return seen!;
}
