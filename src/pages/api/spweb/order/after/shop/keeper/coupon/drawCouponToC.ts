import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { drawHandout } from '#lib/coupons/index.server.ts';

/** 立即领取 on a receive page: a shared (or after-pay) coupon; answers its new state. */
export const POST = endpoint(CouponContracts.drawHandout, async ({ query, body, user, context }) =>
  drawHandout(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    couponId: body.couponId,
    scene: body.scene,
  }),
);
