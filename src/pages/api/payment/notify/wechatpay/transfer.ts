import { PaymentContracts } from '#lib/payments/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { paymentGateway } from '#lib/payments/index.server.ts';
import { receiveTransferNotification } from '#lib/distribution/index.server.ts';

/** WeChat's transfer-bill notification: verified, applied to the withdrawal once, then answered. */
export const POST = endpoint(PaymentContracts.transferNotify, async ({ context }) => {
  const db = context.locals.database.db;
  const body = await context.request.text();
  const answer = await receiveTransferNotification(
    db,
    await paymentGateway(db),
    context.request.headers,
    body,
  );
  return Response.json(answer.body, { status: answer.status });
});
