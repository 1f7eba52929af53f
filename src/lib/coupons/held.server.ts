/** The coupons a shopper holds in a shop and can still use (unused, not expired). */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { userCoupons } from '#lib/platform/db/schema.ts';
import { UserCouponStatus } from './status.ts';
import type { HeldUserCoupon } from './checkout.ts';

export async function heldCoupons(
  db: DbOrTx,
  input: { shopId: string; userId: number; now: Date },
): Promise<HeldUserCoupon[]> {
  const rows = await db
    .select({
      id: userCoupons.id,
      rules: userCoupons.rules,
      validFrom: userCoupons.validFrom,
      validTo: userCoupons.validTo,
    })
    .from(userCoupons)
    .where(
      and(
        eq(userCoupons.userId, input.userId),
        eq(userCoupons.shopId, input.shopId),
        eq(userCoupons.status, UserCouponStatus.Unused),
        gt(userCoupons.validTo, input.now),
      ),
    )
    .orderBy(asc(userCoupons.validTo), asc(userCoupons.id));
  return rows.map((row) => ({ ...row, unused: true }));
}
