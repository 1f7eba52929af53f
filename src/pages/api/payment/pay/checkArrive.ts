import { PaymentContracts } from '#lib/payments/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { checkArrive } from '#lib/payments/index.server.ts';
import { paymentGateway } from '#lib/payments/index.server.ts';

/** Whether the caller's payment arrived (the success page polls it; a late notice is asked for). */
export const GET = endpoint(PaymentContracts.checkArrive, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  const db = context.locals.database.db;
  return checkArrive(db, await paymentGateway(db), {
    shopId: query.shopBizCode,
    userId: user.id,
    paymentNo: query.paymentNo,
  });
});
