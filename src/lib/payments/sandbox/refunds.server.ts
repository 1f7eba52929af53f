/**
 * The sandbox gateway's refunds. One out_refund_no is one refund, however often it is asked for;
 * the refunds of a transaction never add up to more than it took (its row is locked while they
 * are counted). The sandbox settles a refund at once: it is stored SUCCESS, the transaction
 * becomes REFUND and the REFUND.SUCCESS notification is queued, all in one transaction. The
 * first answer still says PROCESSING, as the real gateway's does, so the merchant's way of
 * learning the outcome (the notification or a query, both SUCCESS) is the one that runs.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxRefunds, sandboxTransactions } from '#lib/platform/db/schema.ts';
import { chinaTime } from '#lib/payments/wechatpay/protocol.ts';
import type { Refund, RefundNotice, RefundState } from '#lib/payments/wechatpay/resources.ts';
import { newRefundId } from './ids.ts';
import type { SandboxKeys } from './keys.server.ts';
import { queueNotification } from './notifications.server.ts';
import { refusals } from './refusal.ts';
import { isPaid, type SandboxTransaction } from './transactions.server.ts';
import type { RefundBody } from './validate.ts';

export type SandboxRefund = typeof sandboxRefunds.$inferSelect;

/** Where a refund's money goes back to (the payer's balance, in the sandbox). */
const RECEIVED_ACCOUNT = '支付用户零钱';

export function refundView(
  refund: SandboxRefund,
  trade: SandboxTransaction,
  options: { asFirstAnswer?: boolean } = {},
): Refund {
  const status = (options.asFirstAnswer ? 'PROCESSING' : refund.status) as RefundState;
  return {
    refund_id: refund.refundId,
    out_refund_no: refund.outRefundNo,
    transaction_id: trade.transactionId!,
    out_trade_no: refund.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: RECEIVED_ACCOUNT,
    ...(status === 'SUCCESS' && refund.successTime
      ? { success_time: chinaTime(refund.successTime) }
      : {}),
    create_time: chinaTime(refund.createdAt),
    status,
    amount: {
      total: refund.totalCents,
      refund: refund.refundCents,
      payer_total: refund.totalCents,
      payer_refund: refund.refundCents,
      currency: 'CNY',
    },
  };
}

function refundNotice(refund: SandboxRefund, trade: SandboxTransaction): RefundNotice {
  return {
    mchid: refund.mchId,
    out_trade_no: refund.outTradeNo,
    transaction_id: trade.transactionId!,
    out_refund_no: refund.outRefundNo,
    refund_id: refund.refundId,
    refund_status: refund.status as RefundState,
    ...(refund.successTime ? { success_time: chinaTime(refund.successTime) } : {}),
    user_received_account: RECEIVED_ACCOUNT,
    amount: {
      total: refund.totalCents,
      refund: refund.refundCents,
      payer_total: refund.totalCents,
      payer_refund: refund.refundCents,
    },
  };
}

async function findRefundRow(
  db: DbOrTx,
  mchId: string,
  outRefundNo: string,
): Promise<SandboxRefund | null> {
  const [row] = await db
    .select()
    .from(sandboxRefunds)
    .where(and(eq(sandboxRefunds.mchId, mchId), eq(sandboxRefunds.outRefundNo, outRefundNo)));
  return row ?? null;
}

/** A repeated out_refund_no: the same refund when it asks for the same, else refused. */
function repeatOf(row: SandboxRefund, trade: SandboxTransaction, body: RefundBody): SandboxRefund {
  if (row.outTradeNo !== trade.outTradeNo || row.refundCents !== body.amount.refund) {
    throw refusals.duplicateRefundNo();
  }
  return row;
}

/**
 * Refunds part or all of a paid transaction. Answers the refund and whether this call made it
 * (a repeat answers the refund as it stands).
 */
export async function createRefund(
  db: DbOrTx,
  input: { mchId: string; body: RefundBody; keys: SandboxKeys; now: Date },
): Promise<{ refund: Refund; created: boolean }> {
  const { mchId, body, keys, now } = input;
  const t = sandboxTransactions;
  const r = sandboxRefunds;
  return db.transaction(async (tx) => {
    // The transaction's row is the lock every refund of it takes before counting.
    const [trade] = await tx
      .select()
      .from(t)
      .where(
        and(
          eq(t.mchId, mchId),
          body.out_trade_no !== undefined
            ? eq(t.outTradeNo, body.out_trade_no)
            : eq(t.transactionId, body.transaction_id!),
        ),
      )
      .for('update');
    if (!trade) throw refusals.orderNotExist();
    const existing = await findRefundRow(tx, mchId, body.out_refund_no);
    if (existing)
      return { refund: refundView(repeatOf(existing, trade, body), trade), created: false };
    if (!isPaid(trade.tradeState)) throw refusals.orderNotPaid();
    if (body.amount.total !== trade.totalCents) {
      throw refusals.paramError('参数 amount.total 无效：与订单金额不一致');
    }
    const [counted] = await tx
      .select({ cents: sql<number>`coalesce(sum(${r.refundCents}), 0)::int` })
      .from(r)
      .where(
        and(
          eq(r.mchId, mchId),
          eq(r.outTradeNo, trade.outTradeNo),
          inArray(r.status, ['PROCESSING', 'SUCCESS']),
        ),
      );
    if ((counted?.cents ?? 0) + body.amount.refund > trade.totalCents) throw refusals.notEnough();
    const [made] = await tx
      .insert(r)
      .values({
        mchId,
        outRefundNo: body.out_refund_no,
        refundId: newRefundId(now),
        outTradeNo: trade.outTradeNo,
        refundCents: body.amount.refund,
        totalCents: trade.totalCents,
        reason: body.reason ?? '',
        notifyUrl: body.notify_url ?? null,
        status: 'SUCCESS',
        successTime: now,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [r.mchId, r.outRefundNo] })
      .returning();
    if (!made) {
      // The same out_refund_no, for another transaction, made at this very moment.
      const raced = await findRefundRow(tx, mchId, body.out_refund_no);
      return { refund: refundView(repeatOf(raced!, trade, body), trade), created: false };
    }
    await tx
      .update(t)
      .set({ tradeState: 'REFUND' })
      .where(
        and(eq(t.mchId, mchId), eq(t.outTradeNo, trade.outTradeNo), eq(t.tradeState, 'SUCCESS')),
      );
    if (made.notifyUrl) {
      await queueNotification(tx, {
        eventType: 'REFUND.SUCCESS',
        resource: refundNotice(made, trade),
        url: made.notifyUrl,
        keys,
        now,
      });
    }
    return { refund: refundView(made, trade, { asFirstAnswer: true }), created: true };
  });
}

/** A refund by its out_refund_no, as the refund query answers it; null when unknown. */
export async function queryRefund(
  db: DbOrTx,
  mchId: string,
  outRefundNo: string,
): Promise<Refund | null> {
  const row = await findRefundRow(db, mchId, outRefundNo);
  if (!row) return null;
  const [trade] = await db
    .select()
    .from(sandboxTransactions)
    .where(
      and(eq(sandboxTransactions.mchId, mchId), eq(sandboxTransactions.outTradeNo, row.outTradeNo)),
    );
  return refundView(row, trade!);
}
