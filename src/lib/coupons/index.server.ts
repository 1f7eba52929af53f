/** The coupons area's server door (docs/architecture.md): a user coupon used and given back. */
export { returnCoupon, useCoupon } from './user-coupons.server.ts';
