/**
 * The one writer of a user coupon's status once it is the shopper's (DESIGN "States are tables,
 * each with one writer"): a checkout uses it, and gives it back when none of its orders is live.
 * Both run in the caller's transaction, each as one conditional UPDATE.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import { userCoupons } from '#lib/platform/db/schema.ts';
import { UserCouponStatus } from './status.ts';

/**
 * A checkout uses the shopper's unused, unexpired coupon; false when it is not theirs, used
 * already (of two checkouts racing for one coupon, one uses it) or expired.
 */
export async function useCoupon(
  tx: Tx,
  input: { userCouponId: number; userId: number; groupId: number; now: Date },
): Promise<boolean> {
  const [used] = await tx
    .update(userCoupons)
    .set({ status: UserCouponStatus.Used, usedGroupId: input.groupId, usedAt: input.now })
    .where(
      and(
        eq(userCoupons.id, input.userCouponId),
        eq(userCoupons.userId, input.userId),
        eq(userCoupons.status, UserCouponStatus.Unused),
        gt(userCoupons.validTo, input.now),
      ),
    )
    .returning({ id: userCoupons.id });
  return used !== undefined;
}

/**
 * The checkout that used the coupon gives it back (its orders were all cancelled): unused again,
 * or expired at once when it ran out meanwhile.
 */
export async function returnCoupon(
  tx: Tx,
  input: { userCouponId: number; groupId: number; now: Date },
): Promise<void> {
  const [returned] = await tx
    .update(userCoupons)
    .set({ status: UserCouponStatus.Unused, usedGroupId: null, usedAt: null })
    .where(
      and(
        eq(userCoupons.id, input.userCouponId),
        eq(userCoupons.usedGroupId, input.groupId),
        eq(userCoupons.status, UserCouponStatus.Used),
      ),
    )
    .returning({ validTo: userCoupons.validTo });
  if (!returned || returned.validTo > input.now) return;
  await tx
    .update(userCoupons)
    .set({ status: UserCouponStatus.Expired })
    .where(
      and(
        eq(userCoupons.id, input.userCouponId),
        eq(userCoupons.status, UserCouponStatus.Unused),
        lte(userCoupons.validTo, input.now),
      ),
    );
}
