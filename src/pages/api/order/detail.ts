import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readOrderDetail } from '#lib/orders/index.server.ts';

/** One order of the caller (订单详情); anyone else's answers 订单不存在. */
export const GET = endpoint(OrderContracts.detail, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readOrderDetail(context.locals.database.db, {
    userId: user.id,
    shopId: query.shopBizCode,
    orderNo: query.orderNo,
  });
});
