/**
 * Refunds at the gateway. A refund row (with its out_refund_no) is saved in the transaction that
 * decided it; sending it is a separate step that may run any number of times — after the commit,
 * from the refund timer, by hand — because the gateway answers the same out_refund_no with the
 * same refund and never pays it twice.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { recordOrderEvent } from '#lib/orders/index.server.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { payments, refunds } from '#lib/platform/db/schema.ts';
import type { PaymentGateway } from './gateway.server.ts';
import { RefundState } from './status.ts';
import { moveRefund } from './transitions.server.ts';
import { GatewayError } from './wechatpay/client.server.ts';
import type { RefundNotice, RefundState as GatewayRefundState } from './wechatpay/resources.ts';

const STATE_OF: Record<GatewayRefundState, RefundState> = {
  PROCESSING: RefundState.Processing,
  SUCCESS: RefundState.Succeeded,
  CLOSED: RefundState.Failed,
  ABNORMAL: RefundState.Failed,
};

/** Moves a refund to `to` if its status allows it; false when it had moved on already. */
async function settle(
  db: DbOrTx,
  refundId: number,
  to: RefundState,
  fields: { gatewayRefundId?: string; failure?: string; settledAt?: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await moveRefund(tx, { refundId, to, set: fields });
    if (!moved) return false;
    if (to === RefundState.Succeeded) {
      await recordOrderEvent(tx, {
        orderId: moved.orderId,
        kind: 'refunded',
        actor: 'gateway',
        note: moved.refundNo,
        now: fields.settledAt ?? new Date(),
      });
    }
    if (to === RefundState.Failed) {
      // The money did not go back: it no longer counts against what the payment has left.
      await tx
        .update(payments)
        .set({ refundedCents: sql`${payments.refundedCents} - ${moved.amountCents}` })
        .where(eq(payments.id, moved.paymentId));
    }
    return true;
  });
}

/** Sends a saved refund to the gateway (again, if need be) and records its answer. */
export async function sendRefund(
  db: DbOrTx,
  gateway: PaymentGateway,
  refundId: number,
  now = new Date(),
): Promise<RefundState> {
  const [row] = await db
    .select({
      refundNo: refunds.refundNo,
      amountCents: refunds.amountCents,
      reason: refunds.reason,
      status: refunds.status,
      paymentNo: payments.paymentNo,
      totalCents: payments.amountCents,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!row) throw new Error(`refund ${refundId} does not exist`);
  if (row.status === RefundState.Succeeded || row.status === RefundState.Failed) {
    return row.status as RefundState;
  }
  try {
    const answer = await gateway.client.refund({
      out_trade_no: row.paymentNo,
      out_refund_no: row.refundNo,
      reason: row.reason.slice(0, 80),
      notify_url: gateway.refundNotifyUrl,
      amount: { refund: row.amountCents, total: row.totalCents, currency: 'CNY' },
    });
    const to = STATE_OF[answer.status] ?? RefundState.Processing;
    if (to !== row.status) {
      await settle(db, refundId, to, {
        gatewayRefundId: answer.refund_id,
        ...(to === RefundState.Succeeded
          ? { settledAt: answer.success_time ? new Date(answer.success_time) : now }
          : {}),
        ...(to === RefundState.Failed ? { failure: answer.status, settledAt: now } : {}),
      });
    }
    return to;
  } catch (error) {
    // A refusal is final (it would be refused again); anything else is tried again later.
    if (
      error instanceof GatewayError &&
      error.status >= 400 &&
      error.status < 500 &&
      error.code !== 'SIGN_VERIFY_FAILED'
    ) {
      await settle(db, refundId, RefundState.Failed, {
        failure: `${error.code}: ${error.detail}`.slice(0, 200),
        settledAt: now,
      });
      console.error(`[refunds] ${row.refundNo} refused by the gateway:`, error.message);
      return RefundState.Failed;
    }
    throw error;
  }
}

/** A REFUND.* notification (verified and decrypted): the refund it names settles once. */
export async function applyRefundNotice(
  db: DbOrTx,
  gateway: PaymentGateway,
  notice: RefundNotice,
  options: { now?: Date } = {},
): Promise<'applied' | 'duplicate' | 'rejected'> {
  if (notice.mchid !== gateway.client.mchId) return 'rejected';
  const [row] = await db
    .select({ id: refunds.id, amountCents: refunds.amountCents, paymentNo: payments.paymentNo })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.refundNo, notice.out_refund_no));
  if (!row || row.paymentNo !== notice.out_trade_no || row.amountCents !== notice.amount?.refund) {
    return 'rejected';
  }
  const to = STATE_OF[notice.refund_status];
  if (to === undefined || to === RefundState.Processing) return 'duplicate';
  const now = options.now ?? new Date();
  const moved = await settle(db, row.id, to, {
    gatewayRefundId: notice.refund_id,
    settledAt: notice.success_time ? new Date(notice.success_time) : now,
    ...(to === RefundState.Failed ? { failure: notice.refund_status } : {}),
  });
  return moved ? 'applied' : 'duplicate';
}

/** Refunds not yet settled this long after they were saved are sent (or asked about) again. */
const RETRY_AFTER_MS = 60_000;

/** The refund timer: sends every refund still open a minute after it was saved; answers how many. */
export async function retryOpenRefunds(
  db: DbOrTx,
  gateway: PaymentGateway,
  now = new Date(),
): Promise<number> {
  const open = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        inArray(refunds.status, [RefundState.Requested, RefundState.Processing]),
        lte(refunds.createdAt, new Date(now.getTime() - RETRY_AFTER_MS)),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(100);
  let sent = 0;
  for (const { id } of open) {
    try {
      await sendRefund(db, gateway, id, now);
      sent += 1;
    } catch (error) {
      console.error(`[refunds] refund ${id} still not sent:`, (error as Error).message);
    }
  }
  return sent;
}
