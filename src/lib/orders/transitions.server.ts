/**
 * The one writer of an order's status and of its timeline (DESIGN "States are tables, each with
 * one writer"): `moveOrder` is the only UPDATE of orders.status and, with `recordOrderEvent`, the
 * only INSERT into order_events. Other areas move an order through the named doors below
 * (`markOrderPaid`, `closeWhenAllRefunded`), always inside their own transaction.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { Tx } from '#lib/platform/db/client.server.ts';
import { afterSales, orderEvents, orderLines, orders, refunds } from '#lib/platform/db/schema.ts';
import { OrderStatus, RefundStatus, orderTransitions, refundTransitions } from './status.ts';

export type OrderActor = 'shopper' | 'shop' | 'timer' | 'gateway';

/** The timeline's kind of each move, and the time column it stamps. */
const MOVES = {
  [OrderStatus.Paid]: { kind: 'paid', stamp: 'paidAt' },
  [OrderStatus.Shipped]: { kind: 'shipped', stamp: 'shippedAt' },
  [OrderStatus.Completed]: { kind: 'completed', stamp: 'completedAt' },
  [OrderStatus.Cancelled]: { kind: 'cancelled', stamp: 'cancelledAt' },
} as const;

type Target = keyof typeof MOVES;

/**
 * Locks the order's row for the rest of the transaction and answers its status (null when there
 * is no such order). Commands that must not interleave on one order — shipping and a 仅退款
 * applied or approved, completion and an after-sale applied — take this lock first. It is the
 * lock an UPDATE of the order takes (NO KEY UPDATE), not FOR UPDATE: that one would also block
 * the key-share lock of a row referring to the order (a payment opening adds its orders to
 * payment_orders while holding the checkout), and cancelling (order, then checkout) would
 * deadlock with opening the payment (checkout, then order).
 */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderStatus | null> {
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('no key update');
  return (row?.status as OrderStatus | undefined) ?? null;
}

/**
 * Moves an order to `to` and writes its timeline event, in the caller's transaction: one
 * conditional UPDATE whose WHERE names the statuses orderTransitions allows into `to`. A move
 * the order's status does not allow (it moved on, or the table forbids it) throws
 * ORDER_STATE_CHANGED and so rolls the caller's transaction back.
 */
export async function moveOrder(
  tx: Tx,
  input: {
    orderId: number;
    to: Target;
    actor: OrderActor;
    /** The event's note; a cancellation's reason is kept on the order too. */
    reason?: string;
    now: Date;
    /** When it happened, if not now (the gateway's payment time). */
    at?: Date;
    /** When a shipped order completes by itself. */
    autoCompleteAt?: Date;
  },
): Promise<void> {
  const from = await lockOrder(tx, input.orderId);
  if (from === null || !orderTransitions.canTransition(from, input.to)) {
    throw appError(Errors.ORDER_STATE_CHANGED);
  }
  const move = MOVES[input.to];
  const reason = input.reason ?? '';
  const [moved] = await tx
    .update(orders)
    .set({
      status: input.to,
      [move.stamp]: input.at ?? input.now,
      ...(input.to === OrderStatus.Cancelled ? { cancelReason: reason } : {}),
      ...(input.autoCompleteAt ? { autoCompleteAt: input.autoCompleteAt } : {}),
    })
    .where(
      and(
        eq(orders.id, input.orderId),
        inArray(orders.status, orderTransitions.allowedFrom(input.to)),
      ),
    )
    .returning({ id: orders.id });
  if (!moved) throw appError(Errors.ORDER_STATE_CHANGED);
  await tx.insert(orderEvents).values({
    orderId: input.orderId,
    kind: move.kind,
    fromStatus: from,
    toStatus: input.to,
    actor: input.actor,
    note: reason,
    createdAt: input.now,
  });
}

/**
 * A timeline event that changes no status (placed, address changed, refund applied, signed…).
 * `toStatus` is given only by the event of an order's creation.
 */
export async function recordOrderEvent(
  tx: Tx,
  input: {
    orderId: number;
    kind: string;
    actor: OrderActor;
    note?: string;
    now: Date;
    toStatus?: OrderStatus;
  },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: input.orderId,
    kind: input.kind,
    toStatus: input.toStatus ?? null,
    actor: input.actor,
    note: input.note ?? '',
    createdAt: input.now,
  });
}

/**
 * The gateway's word that an order was paid (payments' confirmPayment): an order still waiting
 * moves to paid; false when it is not waiting any more (cancelled meanwhile, or paid by another
 * payment), whose share the caller refunds.
 */
export async function markOrderPaid(
  tx: Tx,
  input: { orderId: number; paymentNo: string; paidAt: Date; now: Date },
): Promise<boolean> {
  if ((await lockOrder(tx, input.orderId)) !== OrderStatus.AwaitingPayment) return false;
  await moveOrder(tx, {
    orderId: input.orderId,
    to: OrderStatus.Paid,
    actor: 'gateway',
    reason: input.paymentNo,
    at: input.paidAt,
    now: input.now,
  });
  return true;
}

/** The reason an order closed by its refunds gives. */
export const ALL_REFUNDED_REASON = '全部退款';

/**
 * Closes a paid or shipped order once every line of it is refunded — its approved after-sale's
 * refund is saved (after-sales calls it in the transaction that saves one): nothing is left to
 * ship or to receive. Answers whether it closed the order.
 */
export async function closeWhenAllRefunded(
  tx: Tx,
  input: { orderId: number; now: Date },
): Promise<boolean> {
  const status = await lockOrder(tx, input.orderId);
  if (status === null || !orderTransitions.canTransition(status, OrderStatus.Cancelled)) {
    return false;
  }
  if (status === OrderStatus.AwaitingPayment) return false;
  const [open] = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, input.orderId),
        sql`not exists (select 1 from ${afterSales} join ${refunds} on ${refunds.afterSaleId} = ${afterSales.id}
          where ${afterSales.orderLineId} = ${orderLines.id} and ${afterSales.status} = ${RefundStatus.Approved})`,
      ),
    )
    .limit(1);
  if (open) return false;
  await moveOrder(tx, {
    orderId: input.orderId,
    to: OrderStatus.Cancelled,
    actor: 'shop',
    reason: ALL_REFUNDED_REASON,
    now: input.now,
  });
  return true;
}

/**
 * A line's refund status follows its after-sale (after-sales calls it when one is applied for or
 * decided): one conditional UPDATE guarded by refundTransitions, where no refund yet counts as a
 * refused one. Answers the line's product name, or null when the line had moved on.
 */
export async function moveLineRefund(
  tx: Tx,
  input: { lineId: number; to: RefundStatus },
): Promise<{ productName: string } | null> {
  const from = refundTransitions.allowedFrom(input.to);
  const [line] = await tx
    .update(orderLines)
    .set({ refundStatus: input.to })
    .where(
      and(
        eq(orderLines.id, input.lineId),
        input.to === RefundStatus.UnderReview
          ? or(isNull(orderLines.refundStatus), inArray(orderLines.refundStatus, from))
          : inArray(orderLines.refundStatus, from),
      ),
    )
    .returning({ productName: orderLines.productName });
  return line ?? null;
}
