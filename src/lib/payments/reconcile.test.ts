/**
 * The demo data's payments and refunds reconcile with the sandbox gateway's books, as
 * `npm run payments:reconcile` asks them (the same in-process gateway); a tampered record is
 * reported, and only it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { payments, refunds } from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { paymentGateway, type PaymentGateway } from './gateway.server.ts';
import { sandboxFetch } from './sandbox/gateway.server.ts';
import { reconcilePayments } from './reconcile.server.ts';
import { RefundState } from './status.ts';

let database: Database;
let gateway: PaymentGateway;
beforeAll(async () => {
  database = await memoryDatabase();
  const origin = 'http://sandbox.local';
  gateway = await paymentGateway(database.db, {
    origin,
    fetch: sandboxFetch(database.db, { origin }),
  });
});
afterAll(() => database.close());

it('finds no difference in the demo data, then exactly the ones made', async () => {
  const clean = await reconcilePayments(database.db, gateway);
  expect(clean.payments).toBeGreaterThanOrEqual(5);
  expect(clean.refunds).toBeGreaterThanOrEqual(1);
  expect(clean.differences).toEqual([]);

  const [payment] = await database.db.select().from(payments).limit(1);
  await database.db
    .update(payments)
    .set({ amountCents: payment!.amountCents + 1 })
    .where(eq(payments.id, payment!.id));
  const [refund] = await database.db.select().from(refunds).limit(1);
  await database.db
    .update(refunds)
    .set({ status: RefundState.Processing })
    .where(eq(refunds.id, refund!.id));

  const tampered = await reconcilePayments(database.db, gateway);
  expect(tampered.differences).toEqual([
    {
      kind: 'payment',
      no: payment!.paymentNo,
      field: 'amount',
      ours: String(payment!.amountCents + 1),
      theirs: String(payment!.amountCents),
    },
    {
      kind: 'refund',
      no: refund!.refundNo,
      field: 'state',
      ours: String(RefundState.Processing),
      theirs: 'SUCCESS',
    },
  ]);
});
