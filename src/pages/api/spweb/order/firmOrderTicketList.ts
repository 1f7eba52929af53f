import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { couponChoiceOf } from '#lib/coupons/index.ts';
import { checkoutTickets } from '#lib/orders/index.server.ts';

/** The checkout's coupons (the order preview's body): usable, unusable with why, the one chosen. */
export const POST = endpoint(
  CouponContracts.checkoutTickets,
  async ({ query, body, user, context }) =>
    checkoutTickets(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      skuNo: body.skuNo,
      quantity: body.quantity,
      addressId: body.addressId === undefined ? undefined : Number(body.addressId),
      insured: body.insured,
      userCouponId: couponChoiceOf(body.userCouponId),
    }),
);
