import { PaymentContracts } from '#lib/payments/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readCashier } from '#lib/payments/index.server.ts';

/** 收银台: the caller's unpaid orders named by orderNo or groupNo, and how they can be paid here. */
export const POST = endpoint(PaymentContracts.channels, async ({ query, body, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readCashier(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    orderNo: body.orderNo,
    groupNo: body.groupNo,
    userAgent: context.request.headers.get('user-agent'),
  });
});
