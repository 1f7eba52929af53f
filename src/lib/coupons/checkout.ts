/**
 * The coupons of a checkout (select-coupon, firmOrderTicketList): each coupon the shopper holds,
 * usable or not with the reason, and the one the checkout uses — the one asked for, none when
 * asked for none, else the best. Pure: the checkout supplies the held coupons and its lines.
 */
import { bestCoupon, couponCondition, couponFace, couponScopeText, fitCoupon } from './rules.ts';
import type { CouponFit, HeldCoupon, ScopeLine } from './rules.ts';

export interface HeldUserCoupon extends HeldCoupon {
  id: number;
}

/** A coupon as the checkout's coupon list shows it. */
export interface CouponOption {
  userCouponId: number;
  name: string;
  face: string;
  condition: string;
  scopeText: string;
  validTo: string;
  /** What it takes off this checkout; 0 when unusable. */
  offCents: number;
  /** Why it cannot be used here; null when it can. */
  refusal: string | null;
}

export interface CheckoutCoupons {
  usable: CouponOption[];
  unusable: CouponOption[];
  /** The coupon the checkout is priced with; null for none. */
  selected: (CouponOption & { fit: CouponFit }) | null;
}

/**
 * `requested`: a user coupon id, null for none, undefined for the best. A requested coupon that
 * cannot be used here answers `selected` null and `refused` with the reason.
 */
export function checkoutCoupons(
  held: readonly HeldUserCoupon[],
  lines: readonly ScopeLine[],
  requested: number | null | undefined,
  now: Date,
): CheckoutCoupons & { refused: string | null } {
  const weighed = held.map((coupon) => ({ ...coupon, fit: fitCoupon(coupon, lines, now) }));
  const option = (c: (typeof weighed)[number]): CouponOption => ({
    userCouponId: c.id,
    name: c.rules.name,
    face: couponFace(c.rules),
    condition: couponCondition(c.rules),
    scopeText: couponScopeText(c.rules),
    validTo: c.validTo.toISOString(),
    offCents: c.fit.offCents,
    refusal: c.fit.refusal,
  });
  const usable = weighed
    .filter((c) => c.fit.refusal === null)
    .sort((a, b) => b.fit.offCents - a.fit.offCents || a.validTo.getTime() - b.validTo.getTime());
  const unusable = weighed.filter((c) => c.fit.refusal !== null);
  let chosen: (typeof weighed)[number] | null = null;
  let refused: string | null = null;
  if (requested === undefined) chosen = bestCoupon(weighed);
  else if (requested !== null) {
    const asked = weighed.find((c) => c.id === requested);
    if (!asked) refused = '优惠券不存在';
    else if (asked.fit.refusal) refused = asked.fit.refusal;
    else chosen = asked;
  }
  return {
    usable: usable.map(option),
    unusable: unusable.map(option),
    selected: chosen ? { ...option(chosen), fit: chosen.fit } : null,
    refused,
  };
}

/** The coupon choice of a checkout call: an id, 'none', or absent (undefined). */
export function couponChoiceOf(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  return value === 'none' ? null : Number(value);
}
