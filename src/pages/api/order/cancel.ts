import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { cancelOrder } from '#lib/orders/index.server.ts';
import { readOrderDetail } from '#lib/orders/index.server.ts';

/** 取消订单: the caller's unpaid order, with a reason; stock and coupon come back. */
export const POST = endpoint(OrderContracts.cancel, async ({ query, body, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  const db = context.locals.database.db;
  const scope = { shopId: query.shopBizCode, userId: user.id };
  await cancelOrder(db, { ...scope, orderNo: body.orderNo, reason: body.reason });
  return readOrderDetail(db, { ...scope, orderNo: body.orderNo });
});
