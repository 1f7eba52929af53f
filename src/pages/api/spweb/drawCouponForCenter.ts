import { CouponContracts } from '#lib/coupons/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { drawCoupon } from '#lib/coupons/index.server.ts';
import { centerCoupons } from '#lib/coupons/index.server.ts';

/** 立即领取: one coupon of the centre; answers its new state for the caller. */
export const POST = endpoint(
  CouponContracts.drawForCenter,
  async ({ query, body, user, context }) => {
    const db = context.locals.database.db;
    const shopId = query.shopBizCode;
    await drawCoupon(db, { shopId, userId: user.id, couponId: body.couponId, source: 'center' });
    const [coupon] = (await centerCoupons(db, { shopId, userId: user.id })).filter(
      (c) => c.couponId === body.couponId,
    );
    // Claimed, but taken off the centre meanwhile.
    if (!coupon) throw appError(Errors.COUPON_ENDED);
    return coupon;
  },
);
