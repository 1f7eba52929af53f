import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { couponChoiceOf } from '#lib/coupons/index.ts';
import { placeOrder } from '#lib/orders/index.server.ts';

/**
 * 提交订单 (query shopBizCode). The distributor is the page link's (the request client adds the
 * URL's distributorId to the query), checked by the command; the body names none.
 */
export const POST = endpoint(OrderContracts.create, async ({ query, body, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return placeOrder(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    skuNo: body.skuNo,
    quantity: body.quantity,
    addressId: Number(body.addressId),
    remark: body.remark,
    insured: body.insured,
    userCouponId: couponChoiceOf(body.userCouponId),
    quote: body.quote,
    idempotencyKey: body.idempotencyKey,
    linkDistributorId: query.distributorId ? Number(query.distributorId) : undefined,
  });
});
