import { PaymentContracts } from '#lib/payments/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { paymentGateway } from '#lib/payments/index.server.ts';
import { receiveRefundNotification } from '#lib/payments/index.server.ts';

/** The gateway's refund notification: verified, applied once, answered after the commit. */
export const POST = endpoint(PaymentContracts.refundNotify, async ({ context }) => {
  const db = context.locals.database.db;
  const body = await context.request.text();
  const answer = await receiveRefundNotification(
    db,
    await paymentGateway(db),
    context.request.headers,
    body,
  );
  return Response.json(answer.body, { status: answer.status });
});
