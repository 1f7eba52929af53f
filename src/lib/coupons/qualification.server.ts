/**
 * queryUserTicketQualification: may the caller draw a coupon of the shop now, the centre's button
 * for it and, when not, the refusal the draw would answer (qualification.ts).
 */
import { and, count, eq, gt } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { coupons, couponUserClaims, userCoupons } from '#lib/platform/db/schema.ts';
import { UserCouponStatus } from './status.ts';
import { ticketQualification, type TicketQualification } from './qualification.ts';

export async function readTicketQualification(
  db: DbOrTx,
  input: { shopId: string; userId: number; couponId: number; now?: Date },
): Promise<TicketQualification> {
  const now = input.now ?? new Date();
  const [template] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, input.couponId), eq(coupons.shopId, input.shopId)));
  if (!template) throw appError(Errors.COUPON_NOT_FOUND);
  const [[claims], [unused]] = await Promise.all([
    db
      .select({ claimed: couponUserClaims.claimed })
      .from(couponUserClaims)
      .where(
        and(eq(couponUserClaims.couponId, template.id), eq(couponUserClaims.userId, input.userId)),
      ),
    db
      .select({ n: count() })
      .from(userCoupons)
      .where(
        and(
          eq(userCoupons.couponId, template.id),
          eq(userCoupons.userId, input.userId),
          eq(userCoupons.status, UserCouponStatus.Unused),
          gt(userCoupons.validTo, now),
        ),
      ),
  ]);
  return ticketQualification(
    template.id,
    {
      status: template.status,
      claimFrom: template.claimFrom,
      claimTo: template.claimTo,
      issued: template.issued,
      total: template.total,
      perUserLimit: template.perUserLimit,
      claimedByMe: claims?.claimed ?? 0,
      unusedByMe: unused?.n ?? 0,
    },
    now,
  );
}
