/**
 * Coupon statuses: the shop's coupon template (coupons.status) and a shopper's claimed coupon
 * (user_coupons.status; the coupon list asks for status 0, shell §5).
 */
import { transitions } from '#lib/platform/transitions.ts';

export const CouponStatus = {
  /** Not offered: nobody can claim it. */
  Stopped: 0,
  /** Offered in the coupon centre, popups and shares while its claim window is open. */
  Active: 1,
} as const;
export type CouponStatus = (typeof CouponStatus)[keyof typeof CouponStatus];

/** A manager may stop a coupon and offer it again; claimed coupons stay valid either way. */
export const couponTransitions = transitions<CouponStatus>({
  [CouponStatus.Stopped]: [CouponStatus.Active],
  [CouponStatus.Active]: [CouponStatus.Stopped],
});

export const UserCouponStatus = {
  Unused: 0,
  /** Taken by an order that is not cancelled. */
  Used: 1,
  Expired: 2,
} as const;
export type UserCouponStatus = (typeof UserCouponStatus)[keyof typeof UserCouponStatus];

export const userCouponTransitions = transitions<UserCouponStatus>({
  // Used by placing an order; expired by the validity timer.
  [UserCouponStatus.Unused]: [UserCouponStatus.Used, UserCouponStatus.Expired],
  // Cancelling the order gives the coupon back; the timer expires it later if it is out of date.
  [UserCouponStatus.Used]: [UserCouponStatus.Unused],
  [UserCouponStatus.Expired]: [],
});
