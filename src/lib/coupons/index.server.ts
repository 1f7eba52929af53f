/**
 * The coupons area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export { centerCategories, centerCoupons, drawForBrand } from './center.server.ts';
export { drawCoupon, drawInTx, rulesOf } from './draw.server.ts';
export { productCouponTags, productCoupons, usableCoupons } from './for-product.server.ts';
export { heldCoupons } from './held.server.ts';
export { MY_COUPON_TABS, listMyCoupons } from './mine.server.ts';
export type { MyCouponTab } from './mine.server.ts';
export { drawCouponList, popupFor } from './popups.server.ts';
export {
  couponProducts,
  couponRecommendation,
  heldOffer,
  templateOffer,
} from './products.server.ts';
export { readTicketQualification } from './qualification.server.ts';
export {
  couponShareInfo,
  drawHandout,
  handoutCoupon,
  handoutCoupons,
  linkSharer,
  shareableCoupons,
} from './share.server.ts';
export { returnCoupon, useCoupon } from './user-coupons.server.ts';
