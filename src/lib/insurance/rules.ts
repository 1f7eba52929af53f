/**
 * Freight insurance (退货运费险) rules: what a policy costs and what it pays. A shopper may insure
 * each order (one sale's parcel) at checkout; the premium is part of what they pay, and when a
 * return of that order is approved the policy pays its cover towards the return postage, once per
 * order. Pure: the pricing module charges the premium, the after-sale review records the claim.
 */
import { InsuranceErrors } from './errors.ts';

/** Premium bands on the order's goods after discounts and coupon: [below cents, premium cents]. */
export const PREMIUM_BANDS: readonly (readonly [number, number])[] = [
  [10_000, 80],
  [30_000, 150],
  [Number.POSITIVE_INFINITY, 250],
];

/** The cover of a return parcel, and the higher cover where postage costs more. */
export const STANDARD_COVER_CENTS = 1_200;
export const REMOTE_COVER_CENTS = 2_500;

/** Provinces whose return postage costs more (the carriers' remote areas). */
export const REMOTE_PROVINCES = ['新疆', '西藏', '青海', '内蒙古', '甘肃', '宁夏'] as const;

/** The premium of insuring an order whose goods come to `goodsCents`; 0 for no goods. */
export function insurancePremium(goodsCents: number): number {
  if (goodsCents <= 0) return 0;
  return PREMIUM_BANDS.find(([below]) => goodsCents < below)![1];
}

/** What the policy pays towards returning a parcel from `province`. */
export function insuranceCover(province: string): number {
  return REMOTE_PROVINCES.some((name) => province.startsWith(name))
    ? REMOTE_COVER_CENTS
    : STANDARD_COVER_CENTS;
}

/**
 * Why an order's lines cannot be insured, or null when they can: cross-border goods are returned
 * through customs, which the policy does not cover.
 */
export function uninsurableReason(lines: readonly { crossBorder: boolean }[]): string | null {
  return lines.some((line) => line.crossBorder) ? InsuranceErrors.NOT_INSURABLE.message : null;
}

/** The states a policy shows (freightInsurance): in force, void, or claimed. */
export type PolicyState = 'pending' | 'active' | 'void' | 'claimed';

export const POLICY_STATE_TEXT: Record<PolicyState, string> = {
  pending: '待生效',
  active: '保障中',
  void: '已失效',
  claimed: '已理赔',
};

/**
 * The policy of an order: claimed once a return was approved; void when the order was cancelled
 * (unpaid, or every line refunded before shipping: the premium went back with them); pending
 * until paid; else in force.
 */
export function policyState(order: {
  status: 'unpaid' | 'cancelled' | 'live';
  claimed: boolean;
}): PolicyState {
  if (order.claimed) return 'claimed';
  if (order.status === 'cancelled') return 'void';
  if (order.status === 'unpaid') return 'pending';
  return 'active';
}
