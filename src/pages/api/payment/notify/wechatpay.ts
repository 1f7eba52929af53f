import { PaymentContracts } from '#lib/payments/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { paymentGateway } from '#lib/payments/index.server.ts';
import { receivePaymentNotification } from '#lib/payments/index.server.ts';

/** The gateway's payment notification: verified, applied once, answered after the commit. */
export const POST = endpoint(PaymentContracts.notify, async ({ context }) => {
  const db = context.locals.database.db;
  const body = await context.request.text();
  const answer = await receivePaymentNotification(
    db,
    await paymentGateway(db),
    context.request.headers,
    body,
  );
  return Response.json(answer.body, { status: answer.status });
});
