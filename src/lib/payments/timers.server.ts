/**
 * The payment timers (DESIGN "Timers"): idempotent rounds any process may run. Open payments
 * that can no longer be paid for (past the deadline, or one of their orders no longer waiting)
 * are settled with the gateway — found paid and applied, or closed there first and then here —
 * before the order timer may cancel their orders; refunds not yet settled are sent again.
 */
import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { orders, paymentOrders, payments } from '#lib/platform/db/schema.ts';
import { OrderStatus } from '#lib/orders/index.ts';
import { paymentGateway, type PaymentGateway } from './gateway.server.ts';
import { confirmPayment, paidFacts } from './payments.server.ts';
import { retryOpenRefunds } from './refunds.server.ts';
import { movePayment } from './transitions.server.ts';
import { PaymentStatus } from './status.ts';
import { GatewayError } from './wechatpay/client.server.ts';

const SWEEP_BATCH = 100;

async function markClosed(db: DbOrTx, paymentId: number, now: Date): Promise<boolean> {
  return db.transaction((tx) =>
    movePayment(tx, { paymentId, to: PaymentStatus.Closed, set: { closedAt: now } }),
  );
}

/**
 * Settles one open payment with the gateway: paid there → applied here; otherwise closed there
 * (a close refused with ORDERPAID means it was paid a moment ago: asked again and applied), then
 * closed here. Answers what became of it; a gateway that does not answer leaves it open.
 */
export async function settleOpenPayment(
  db: DbOrTx,
  gateway: PaymentGateway,
  payment: { id: number; paymentNo: string },
  now = new Date(),
): Promise<'paid' | 'closed'> {
  const ask = async () => {
    try {
      return await gateway.client.queryByOutTradeNo(payment.paymentNo);
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'ORDER_NOT_EXIST') return null;
      throw error;
    }
  };
  let transaction = await ask();
  if (transaction && ['NOTPAY', 'USERPAYING'].includes(transaction.trade_state)) {
    try {
      await gateway.client.close(payment.paymentNo);
    } catch (error) {
      if (!(error instanceof GatewayError && error.code === 'ORDERPAID')) throw error;
    }
    transaction = await ask();
  }
  const paid = transaction ? paidFacts(transaction) : null;
  if (paid) {
    await confirmPayment(db, gateway, paid, { now });
    return 'paid';
  }
  await markClosed(db, payment.id, now);
  return 'closed';
}

/** The open payments that can no longer be paid for: past their deadline, or gone stale. */
export async function closeStalePayments(
  db: DbOrTx,
  gateway: PaymentGateway,
  now = new Date(),
): Promise<number> {
  const stale = await db
    .select({ id: payments.id, paymentNo: payments.paymentNo })
    .from(payments)
    .where(
      and(
        eq(payments.status, PaymentStatus.Created),
        or(
          lte(payments.expiresAt, now),
          sql`exists (select 1 from ${paymentOrders} join ${orders} on ${orders.id} = ${paymentOrders.orderId}
            where ${paymentOrders.paymentId} = ${payments.id} and ${orders.status} <> ${OrderStatus.AwaitingPayment})`,
        ),
      ),
    )
    .orderBy(asc(payments.expiresAt))
    .limit(SWEEP_BATCH);
  let settled = 0;
  for (const payment of stale) {
    try {
      await settleOpenPayment(db, gateway, payment, now);
      settled += 1;
    } catch (error) {
      console.error(`[payments] ${payment.paymentNo} not settled yet:`, (error as Error).message);
    }
  }
  return settled;
}

/** One round of the payment timers. */
export async function runPaymentTimers(db: DbOrTx, now = new Date()): Promise<void> {
  const gateway = await paymentGateway(db);
  await closeStalePayments(db, gateway, now);
  await retryOpenRefunds(db, gateway, now);
}

export const PAYMENT_TIMER_INTERVAL_MS = 15_000;

/** Runs the payment timers every PAYMENT_TIMER_INTERVAL_MS until the answer is called. */
export function startPaymentTimers(db: DbOrTx): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runPaymentTimers(db)
      .catch((error: unknown) => console.error('[payments] timer round failed:', error))
      .finally(() => {
        running = false;
      });
  }, PAYMENT_TIMER_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
