import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { recommendCheckoutCoupon } from '#lib/orders/index.server.ts';

/** The best coupon for the checkout: the one the order confirmation preselects. */
export const POST = endpoint(
  CouponContracts.recommendCoupons,
  async ({ query, body, user, context }) =>
    recommendCheckoutCoupon(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      skuNo: body.skuNo,
      quantity: body.quantity,
      addressId: body.addressId === undefined ? undefined : Number(body.addressId),
      insured: body.insured,
    }),
);
