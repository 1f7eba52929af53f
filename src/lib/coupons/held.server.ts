/**
 * The coupons a shopper holds in a shop and can still use (unused, not expired), and the one a
 * checkout asks for whatever its state, so a used or expired one is refused with its reason.
 */
import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { userCoupons } from '#lib/platform/db/schema.ts';
import { UserCouponStatus } from './status.ts';
import type { HeldUserCoupon } from './checkout.ts';

export async function heldCoupons(
  db: DbOrTx,
  input: { shopId: string; userId: number; now: Date; asked?: number | null | undefined },
): Promise<HeldUserCoupon[]> {
  const rows = await db
    .select({
      id: userCoupons.id,
      rules: userCoupons.rules,
      validFrom: userCoupons.validFrom,
      validTo: userCoupons.validTo,
      status: userCoupons.status,
    })
    .from(userCoupons)
    .where(
      and(
        eq(userCoupons.userId, input.userId),
        eq(userCoupons.shopId, input.shopId),
        or(
          and(eq(userCoupons.status, UserCouponStatus.Unused), gt(userCoupons.validTo, input.now)),
          typeof input.asked === 'number' ? eq(userCoupons.id, input.asked) : undefined,
        ),
      ),
    )
    .orderBy(asc(userCoupons.validTo), asc(userCoupons.id));
  return rows.map(({ status, ...row }) => ({ ...row, unused: status === UserCouponStatus.Unused }));
}
