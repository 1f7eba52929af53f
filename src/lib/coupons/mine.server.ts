/**
 * 我的优惠券: the shopper's coupons in a shop by tab — 未使用 (unused and not expired), 已使用,
 * 已过期 (expired, or unused past their validity) — with each tab's count.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { userCoupons } from '#lib/platform/db/schema.ts';
import { UserCouponStatus } from './status.ts';
import { couponCondition, couponFace, couponScopeText } from './rules.ts';
import { MY_COUPON_TABS, type MyCoupon, type MyCouponTab } from './contracts.ts';

export { MY_COUPON_TABS, type MyCouponTab };

export const MY_COUPON_LIMIT = 100;

function tabWhere(tab: MyCouponTab, now: Date): SQL {
  if (tab === 'unused') {
    return and(eq(userCoupons.status, UserCouponStatus.Unused), gt(userCoupons.validTo, now))!;
  }
  if (tab === 'used') return eq(userCoupons.status, UserCouponStatus.Used);
  return or(
    eq(userCoupons.status, UserCouponStatus.Expired),
    and(eq(userCoupons.status, UserCouponStatus.Unused), lte(userCoupons.validTo, now)),
  )!;
}

export async function listMyCoupons(
  db: DbOrTx,
  input: {
    shopId: string;
    userId: number;
    tab: MyCouponTab;
    /** A page of the tab's list (the shell's coupon list); the first MY_COUPON_LIMIT otherwise. */
    page?: { pageNum: number; pageSize: number };
    now?: Date;
  },
): Promise<{ list: MyCoupon[]; counts: Record<MyCouponTab, number> }> {
  const now = input.now ?? new Date();
  const mine = and(eq(userCoupons.userId, input.userId), eq(userCoupons.shopId, input.shopId));
  const [rows, ...counted] = await Promise.all([
    db
      .select()
      .from(userCoupons)
      .where(and(mine, tabWhere(input.tab, now)))
      .orderBy(
        input.tab === 'unused' ? asc(userCoupons.validTo) : desc(userCoupons.id),
        asc(userCoupons.id),
      )
      .limit(input.page?.pageSize ?? MY_COUPON_LIMIT)
      .offset(input.page ? (input.page.pageNum - 1) * input.page.pageSize : 0),
    ...MY_COUPON_TABS.map((tab) =>
      db
        .select({ n: count() })
        .from(userCoupons)
        .where(and(mine, tabWhere(tab, now))),
    ),
  ]);
  const counts = Object.fromEntries(
    MY_COUPON_TABS.map((tab, i) => [tab, counted[i]![0]?.n ?? 0]),
  ) as Record<MyCouponTab, number>;
  return { list: rows.map(myCouponOf), counts };
}

/** The caller's coupons of these ids, in the order given (coupons just won). */
export async function userCouponsByIds(
  db: DbOrTx,
  userId: number,
  ids: readonly number[],
): Promise<MyCoupon[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(userCoupons)
    .where(and(eq(userCoupons.userId, userId), inArray(userCoupons.id, [...ids])));
  return ids.flatMap((id) => {
    const row = rows.find((r) => r.id === id);
    return row ? [myCouponOf(row)] : [];
  });
}

function myCouponOf(row: typeof userCoupons.$inferSelect): MyCoupon {
  return {
    userCouponId: row.id,
    name: row.rules.name,
    description: row.rules.description,
    face: couponFace(row.rules),
    condition: couponCondition(row.rules),
    scopeText: couponScopeText(row.rules),
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
  };
}
