import { CouponContracts } from '#lib/coupons/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { handoutCoupon } from '#lib/coupons/index.server.ts';

/** The caller's button for a handed-out coupon. */
export const GET = endpoint(CouponContracts.handoutState, async ({ query, user, context }) => {
  const coupon = await handoutCoupon(context.locals.database.db, {
    shopId: query.shopBizCode,
    couponId: query.couponId,
    scene: query.scene,
    userId: user.id,
  });
  if (!coupon) throw appError(Errors.COUPON_NOT_FOUND);
  const { couponId, state, stateText, left } = coupon;
  return { couponId, state, stateText, left };
});
