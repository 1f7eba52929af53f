import { CouponContracts } from '#lib/coupons/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { handoutCoupon } from '#lib/coupons/index.server.ts';

/** A handed-out coupon as a receive page shows it; 优惠券不存在 when it is not offered there. */
export const GET = endpoint(CouponContracts.handoutInfo, async ({ query, context }) => {
  const coupon = await handoutCoupon(context.locals.database.db, {
    shopId: query.shopBizCode,
    couponId: query.couponId,
    scene: query.scene,
    userId: null,
  });
  if (!coupon) throw appError(Errors.COUPON_NOT_FOUND);
  return coupon;
});
