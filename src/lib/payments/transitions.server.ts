/**
 * The one writer of a payment's status and of a refund's status (DESIGN "States are tables, each
 * with one writer"): each move is one conditional UPDATE whose WHERE names the statuses the
 * transition table allows into the target, in the caller's transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import { payments, refunds } from '#lib/platform/db/schema.ts';
import {
  PaymentStatus,
  RefundState,
  paymentTransitions,
  refundStateTransitions,
} from './status.ts';

/** Moves a payment to `to`; false when its status does not allow it (it moved on already). */
export async function movePayment(
  tx: Tx,
  input: {
    paymentId: number;
    to: PaymentStatus;
    set?: Pick<
      Partial<typeof payments.$inferInsert>,
      'transactionId' | 'payerOpenId' | 'paidAt' | 'closedAt'
    >;
  },
): Promise<boolean> {
  const [moved] = await tx
    .update(payments)
    .set({ ...input.set, status: input.to })
    .where(
      and(
        eq(payments.id, input.paymentId),
        inArray(payments.status, paymentTransitions.allowedFrom(input.to)),
      ),
    )
    .returning({ id: payments.id });
  return moved !== undefined;
}

/** Moves a refund to `to`; the refund as it was moved, or null when it had moved on already. */
export async function moveRefund(
  tx: Tx,
  input: {
    refundId: number;
    to: RefundState;
    set?: Pick<Partial<typeof refunds.$inferInsert>, 'gatewayRefundId' | 'failure' | 'settledAt'>;
  },
) {
  const [moved] = await tx
    .update(refunds)
    .set({ ...input.set, status: input.to })
    .where(
      and(
        eq(refunds.id, input.refundId),
        inArray(refunds.status, refundStateTransitions.allowedFrom(input.to)),
      ),
    )
    .returning({
      orderId: refunds.orderId,
      refundNo: refunds.refundNo,
      paymentId: refunds.paymentId,
      amountCents: refunds.amountCents,
    });
  return moved ?? null;
}
