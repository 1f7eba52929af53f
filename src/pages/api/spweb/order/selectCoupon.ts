import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { couponChoiceOf } from '#lib/coupons/index.ts';
import { selectCheckoutCoupon } from '#lib/orders/index.server.ts';

/** The checkout priced with the coupon chosen ('none': without): its coupon amount and total. */
export const POST = endpoint(CouponContracts.selectCoupon, async ({ query, body, user, context }) =>
  selectCheckoutCoupon(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    skuNo: body.skuNo,
    quantity: body.quantity,
    addressId: body.addressId === undefined ? undefined : Number(body.addressId),
    insured: body.insured,
    userCouponId: couponChoiceOf(body.userCouponId) ?? null,
  }),
);
