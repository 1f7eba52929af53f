import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { couponChoiceOf } from '#lib/coupons/index.ts';
import { previewCheckout } from '#lib/orders/index.server.ts';

/** 确认订单: the checkout (立即购买 or the cart's selected lines) priced now for the caller. */
export const POST = endpoint(OrderContracts.preview, async ({ query, body, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return previewCheckout(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    skuNo: body.skuNo,
    quantity: body.quantity,
    addressId: body.addressId === undefined ? undefined : Number(body.addressId),
    insured: body.insured,
    userCouponId: couponChoiceOf(body.userCouponId),
  });
});
