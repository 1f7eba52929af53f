/**
 * The order timers (DESIGN "Timers"): idempotent SQL that any process may run at any time, as
 * often as it likes — nothing waits in process memory, so a restart loses nothing and four
 * processes sweeping at once still cancel or complete each order once (every change is the
 * commands' conditional UPDATE, one order per transaction).
 */
import { and, asc, eq, lte, not, sql } from 'drizzle-orm';
import { openAfterSaleOf } from './holds.server.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { orders, paymentOrders, payments } from '#lib/platform/db/schema.ts';
import { purgeIdempotencyKeys } from '#lib/platform/commands.server.ts';
import { PaymentStatus } from '#lib/payments/index.ts';
import { cancelUnpaidOrder, completeOrder } from './commands.server.ts';
import { OrderStatus } from './status.ts';
import { subscribeDueParcels } from './parcels.server.ts';
import { logisticsTracker } from './kuaidi100/tracker.server.ts';

/** The reason an unpaid order gives when its 12 minutes are up. */
export const TIMEOUT_REASON = '超时未支付';
/** Orders one sweep handles at most; the next sweep takes the rest. */
const SWEEP_BATCH = 200;
/** How long an idempotency key answers a retry. */

/**
 * Cancels every unpaid order past its pay deadline; answers how many this call cancelled. An order
 * with a payment still open at the gateway waits until the payment sweeper has settled it (closed
 * it, or found it paid): cancelling first would give back stock for goods that may be paid for.
 */
export async function cancelOverdueOrders(db: DbOrTx, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, OrderStatus.AwaitingPayment),
        lte(orders.payDeadline, now),
        sql`not exists (select 1 from ${paymentOrders} join ${payments} on ${payments.id} = ${paymentOrders.paymentId}
          where ${paymentOrders.orderId} = ${orders.id} and ${payments.status} = ${PaymentStatus.Created})`,
      ),
    )
    .orderBy(asc(orders.payDeadline))
    .limit(SWEEP_BATCH);
  let cancelled = 0;
  for (const { id } of due) {
    if (await cancelUnpaidOrder(db, { orderId: id, actor: 'timer', reason: TIMEOUT_REASON, now })) {
      cancelled += 1;
    }
  }
  return cancelled;
}

/** Completes every shipped order whose auto-complete time has come; answers how many. */
export async function completeDueOrders(db: DbOrTx, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, OrderStatus.Shipped),
        lte(orders.autoCompleteAt, now),
        not(openAfterSaleOf(orders.id)),
      ),
    )
    .orderBy(asc(orders.autoCompleteAt))
    .limit(SWEEP_BATCH);
  let completed = 0;
  for (const { id } of due) {
    if (await completeOrder(db, { orderId: id, actor: 'timer', now })) completed += 1;
  }
  return completed;
}

/** One round of every order timer. */
export async function runOrderTimers(db: DbOrTx, now = new Date()): Promise<void> {
  await cancelOverdueOrders(db, now);
  await completeDueOrders(db, now);
  await purgeIdempotencyKeys(db, now);
}

/** How often a server runs the order timers: an unpaid order outlives its deadline by at most this. */
export const ORDER_TIMER_INTERVAL_MS = 15_000;

/**
 * Runs the order timers on this server every ORDER_TIMER_INTERVAL_MS until the answer is called.
 * Every server may run them (they are idempotent); a round that fails (the database away) is
 * logged and the next one tries again.
 */
export function startOrderTimers(db: DbOrTx): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runOrderTimers(db)
      // Parcels whose Kuaidi100 subscription failed (or was never tried) are subscribed again.
      .then(async () => subscribeDueParcels(db, await logisticsTracker(db)))
      .catch((error: unknown) =>
        console.error('order timers:', error instanceof Error ? error.message : error),
      )
      .finally(() => (running = false));
  }, ORDER_TIMER_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
