import { CouponContracts } from '#lib/coupons/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { handoutCoupon } from '#lib/coupons/index.server.ts';

/** A handed-out coupon with the caller's button; 优惠券不存在 when it is not offered there. */
export const GET = endpoint(CouponContracts.handoutForCaller, async ({ query, user, context }) => {
  const coupon = await handoutCoupon(context.locals.database.db, {
    shopId: query.shopBizCode,
    couponId: query.couponId,
    scene: query.scene,
    userId: user.id,
  });
  if (!coupon) throw appError(Errors.COUPON_NOT_FOUND);
  return coupon;
});
