import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { applyLineRefund } from '#lib/after-sales/index.server.ts';
import { readOrderDetail } from '#lib/orders/index.server.ts';
import { auditChannel } from '#lib/after-sales/index.ts';
import { isInApp } from '#lib/shell/index.server.ts';

/** A line of the caller's paid, unshipped order goes under refund review. */
export const POST = endpoint(OrderContracts.cancelLine, async ({ query, body, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  const db = context.locals.database.db;
  const scope = { shopId: query.shopBizCode, userId: user.id };
  await applyLineRefund(db, {
    ...scope,
    orderNo: body.orderNo,
    lineId: body.lineId,
    reason: body.reason,
    auditChannel: auditChannel(isInApp(context.request.headers.get('user-agent'))),
  });
  return readOrderDetail(db, { ...scope, orderNo: body.orderNo });
});
