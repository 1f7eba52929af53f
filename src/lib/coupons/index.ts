/**
 * The coupons area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { drawForCenter, drawHandout, productCouponList } from './actions.ts';
export { COUPON_PRODUCTS_PAGE_SIZE } from './calls.ts';
export { checkoutCoupons, couponChoiceOf } from './checkout.ts';
export type { CheckoutCoupons, CouponOption } from './checkout.ts';
export { CouponContracts, TAB_OF_STATUS } from './contracts.ts';
export * as CouponEndpoints from './endpoints.ts';
export type { CenterCoupon, CouponPopup } from './contracts.ts';
export { CouponErrors } from './errors.ts';
export {
  CENTER_STATE_TEXT,
  CouponRefusals,
  couponCondition,
  couponFace,
  couponScopeText,
} from './rules.ts';
export type { CenterState, CouponRules } from './rules.ts';
export { CouponStatus, UserCouponStatus } from './status.ts';
