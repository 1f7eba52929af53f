/**
 * Drawing a coupon (领取): one command, one transaction, two conditional writes that no
 * concurrency can pass — the user's claim count (an upsert that only counts up below the
 * template's per-user limit; one user's concurrent claims queue on that row) and the template's
 * issued count (only below its total, while it is offered and its claim window open). Either
 * refusing rolls the other back, so a coupon is never over-issued and never half claimed. The
 * user's coupon copies the template's rules.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import {
  couponPopupCoupons,
  couponPopups,
  coupons,
  couponUserClaims,
  userCoupons,
} from '#lib/platform/db/schema.ts';
import { CouponStatus } from './status.ts';
import { validityOf, type CouponRules } from './rules.ts';

type Template = typeof coupons.$inferSelect;

export type ClaimSource = 'center' | 'popup' | 'share' | 'pay' | 'lottery' | 'gift';

/** Whether the coupon is offered by an active popup of the shop right now. */
async function inActivePopup(
  db: DbOrTx,
  input: { shopId: string; couponId: number; popupId: number; now: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: couponPopups.id })
    .from(couponPopups)
    .innerJoin(couponPopupCoupons, eq(couponPopupCoupons.popupId, couponPopups.id))
    .where(
      and(
        eq(couponPopups.id, input.popupId),
        eq(couponPopups.shopId, input.shopId),
        eq(couponPopupCoupons.couponId, input.couponId),
        eq(couponPopups.active, true),
        lte(couponPopups.startsAt, input.now),
        gt(couponPopups.endsAt, input.now),
      ),
    );
  return row !== undefined;
}

/**
 * Whether the template is offered where the shopper draws it: the centre, a shop keeper's share
 * link, the success page, or (checked against the popup) a popup. Prizes and gifts are handed
 * out by the shop itself.
 */
async function offeredBy(tx: Tx, template: Template, input: DrawInput, now: Date) {
  switch (input.source) {
    case 'center':
      return template.inCenter;
    case 'share':
      return template.inShare;
    case 'pay':
      return template.afterPay;
    case 'popup':
      return (
        input.popupId !== undefined &&
        (await inActivePopup(tx, {
          shopId: input.shopId,
          couponId: template.id,
          popupId: input.popupId,
          now,
        }))
      );
    case 'lottery':
    case 'gift':
      return true;
  }
}

/** The rules a claimed coupon keeps. */
export function rulesOf(template: Template): CouponRules {
  return {
    name: template.name,
    description: template.description,
    kind: template.kind as CouponRules['kind'],
    amountCents: template.amountCents,
    thresholdCents: template.thresholdCents,
    discountRate: template.discountRate,
    maxDiscountCents: template.maxDiscountCents,
    scope: template.scope as CouponRules['scope'],
    scopeRef: template.scopeRef,
  };
}

export interface DrawInput {
  shopId: string;
  userId: number;
  couponId: number;
  source: ClaimSource;
  /** The popup drawn from, for source 'popup'. */
  popupId?: number | undefined;
  now?: Date;
}

/** Claims one coupon; answers the new user coupon's id. */
export async function drawCoupon(db: DbOrTx, input: DrawInput): Promise<number> {
  return db.transaction((tx) => drawInTx(tx, input));
}

/** The draw inside a caller's transaction (a lottery prize, a batch of popup coupons). */
export async function drawInTx(tx: Tx, input: DrawInput): Promise<number> {
  const now = input.now ?? new Date();
  const [template] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, input.couponId), eq(coupons.shopId, input.shopId)));
  if (!template || !(await offeredBy(tx, template, input, now))) {
    throw appError(Errors.COUPON_NOT_FOUND);
  }

  const [counted] = await tx
    .insert(couponUserClaims)
    .values({ couponId: template.id, userId: input.userId, claimed: 1 })
    .onConflictDoUpdate({
      target: [couponUserClaims.couponId, couponUserClaims.userId],
      set: { claimed: sql`${couponUserClaims.claimed} + 1` },
      setWhere: sql`${couponUserClaims.claimed} < ${template.perUserLimit}`,
    })
    .returning({ claimed: couponUserClaims.claimed });
  if (!counted) throw appError(Errors.COUPON_LIMIT_REACHED);

  const [issued] = await tx
    .update(coupons)
    .set({ issued: sql`${coupons.issued} + 1` })
    .where(
      and(
        eq(coupons.id, template.id),
        eq(coupons.status, CouponStatus.Active),
        lte(coupons.claimFrom, now),
        gt(coupons.claimTo, now),
        sql`${coupons.issued} < ${coupons.total}`,
      ),
    )
    .returning({ id: coupons.id });
  if (!issued) {
    // Refused: say why (the user's count above rolls back with the transaction).
    if (template.status !== CouponStatus.Active) throw appError(Errors.COUPON_STOPPED);
    if (now < template.claimFrom) throw appError(Errors.COUPON_NOT_STARTED);
    if (now >= template.claimTo) throw appError(Errors.COUPON_ENDED);
    throw appError(Errors.COUPON_SOLD_OUT);
  }

  const [created] = await tx
    .insert(userCoupons)
    .values({
      couponId: template.id,
      userId: input.userId,
      shopId: input.shopId,
      rules: rulesOf(template),
      source: input.source,
      ...validityOf(template, now),
      claimedAt: now,
    })
    .returning({ id: userCoupons.id });
  return created!.id;
}
