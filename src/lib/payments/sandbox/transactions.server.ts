/**
 * The sandbox gateway's transactions: opened by prepay (the same out_trade_no with the same
 * fields answers the same prepay), paid once by the user (the cashier page or the in-app pay
 * bridge), closed by the merchant. Every change is one conditional UPDATE in a transaction; the
 * payment's TRANSACTION.SUCCESS notification is queued in the same one.
 *
 * Expiry is read, not written: a NOTPAY transaction whose time_expire has passed is CLOSED to
 * everyone who asks, and no UPDATE can pay it any more (each one requires time_expire > now).
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxTransactions } from '#lib/platform/db/schema.ts';
import { chinaTime } from '#lib/payments/wechatpay/protocol.ts';
import type { PrepayKind } from '#lib/payments/wechatpay/client.server.ts';
import type { TradeState, TradeType, Transaction } from '#lib/payments/wechatpay/resources.ts';
import { newOpenId, newPrepayId, newTransactionId } from './ids.ts';
import { sandboxKeys } from './keys.server.ts';
import { queueNotification } from './notifications.server.ts';
import { refusals } from './refusal.ts';
import type { PrepayBody } from './validate.ts';

export type SandboxTransaction = typeof sandboxTransactions.$inferSelect;

const TRADE_TYPES: Record<PrepayKind, TradeType> = { jsapi: 'JSAPI', h5: 'MWEB', native: 'NATIVE' };
/** How long a transaction opened without time_expire may be paid. */
const DEFAULT_EXPIRY_MS = 2 * 3600_000;

const STATE_TEXT: Record<string, string> = {
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  NOTPAY: '订单未支付',
  CLOSED: '订单已关闭',
  PAYERROR: '支付失败',
};

/** The state as of `now`: an unpaid transaction past its time_expire is closed. */
export function tradeStateAt(row: SandboxTransaction, now: Date): TradeState {
  if (row.tradeState === 'NOTPAY' && row.timeExpire.getTime() <= now.getTime()) return 'CLOSED';
  return row.tradeState as TradeState;
}

export function isPaid(state: string): boolean {
  return state === 'SUCCESS' || state === 'REFUND';
}

/** A transaction as the query answers it and as TRANSACTION.SUCCESS carries it. */
export function transactionView(row: SandboxTransaction, now: Date): Transaction {
  const state = tradeStateAt(row, now);
  const base = { appid: row.appId, mchid: row.mchId, out_trade_no: row.outTradeNo };
  const attach = row.attach === null ? {} : { attach: row.attach };
  if (!isPaid(state)) {
    return {
      ...base,
      trade_state: state,
      trade_state_desc: STATE_TEXT[state] ?? state,
      ...attach,
      amount: { total: row.totalCents, currency: 'CNY' },
    };
  }
  return {
    ...base,
    transaction_id: row.transactionId!,
    trade_type: row.tradeType as TradeType,
    trade_state: state,
    trade_state_desc: STATE_TEXT[state] ?? state,
    bank_type: 'OTHERS',
    ...attach,
    success_time: chinaTime(row.successTime!),
    payer: { openid: row.payerOpenId! },
    amount: {
      total: row.totalCents,
      payer_total: row.totalCents,
      currency: 'CNY',
      payer_currency: 'CNY',
    },
  };
}

/** The fields a repeated prepay must repeat: everything the merchant sent, and the kind. */
function fingerprint(kind: PrepayKind, body: PrepayBody): string {
  const canonical = JSON.stringify([
    kind,
    body.appid,
    body.mchid,
    body.description,
    body.out_trade_no,
    body.time_expire === undefined ? null : Date.parse(body.time_expire),
    body.attach ?? null,
    body.notify_url,
    body.amount.total,
    body.payer?.openid ?? null,
    body.scene_info?.payer_client_ip ?? null,
    body.scene_info?.device_id ?? null,
    body.scene_info?.h5_info ? Object.entries(body.scene_info.h5_info).sort() : null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export async function findTransaction(
  db: DbOrTx,
  mchId: string,
  outTradeNo: string,
): Promise<SandboxTransaction | null> {
  const [row] = await db
    .select()
    .from(sandboxTransactions)
    .where(
      and(eq(sandboxTransactions.mchId, mchId), eq(sandboxTransactions.outTradeNo, outTradeNo)),
    );
  return row ?? null;
}

export async function findByTransactionId(
  db: DbOrTx,
  mchId: string,
  transactionId: string,
): Promise<SandboxTransaction | null> {
  const [row] = await db
    .select()
    .from(sandboxTransactions)
    .where(
      and(
        eq(sandboxTransactions.mchId, mchId),
        eq(sandboxTransactions.transactionId, transactionId),
      ),
    );
  return row ?? null;
}

export async function findByPrepayId(
  db: DbOrTx,
  prepayId: string,
): Promise<SandboxTransaction | null> {
  const [row] = await db
    .select()
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.prepayId, prepayId));
  return row ?? null;
}

/** What a repeated prepay answers: the same transaction, or why not. */
function repeatOf(
  row: SandboxTransaction,
  kind: PrepayKind,
  body: PrepayBody,
  now: Date,
): SandboxTransaction {
  const state = tradeStateAt(row, now);
  if (isPaid(state)) throw refusals.orderPaid();
  if (state !== 'NOTPAY') throw refusals.orderClosed();
  if (row.fingerprint !== fingerprint(kind, body)) throw refusals.duplicateTradeNo();
  return row;
}

/**
 * Opens a transaction, or answers the one already opened with the same out_trade_no and the
 * same fields. The body is already checked (validate.ts) and its mchid is the caller's.
 */
export async function openTransaction(
  db: DbOrTx,
  input: { kind: PrepayKind; body: PrepayBody; now: Date },
): Promise<SandboxTransaction> {
  const { kind, body, now } = input;
  const existing = await findTransaction(db, body.mchid, body.out_trade_no);
  if (existing) return repeatOf(existing, kind, body, now);
  const timeExpire =
    body.time_expire === undefined
      ? new Date(now.getTime() + DEFAULT_EXPIRY_MS)
      : new Date(body.time_expire);
  if (timeExpire.getTime() <= now.getTime()) {
    throw refusals.paramError('参数 time_expire 无效：不能早于当前时间');
  }
  const [inserted] = await db
    .insert(sandboxTransactions)
    .values({
      mchId: body.mchid,
      outTradeNo: body.out_trade_no,
      appId: body.appid,
      tradeType: TRADE_TYPES[kind],
      description: body.description,
      totalCents: body.amount.total,
      notifyUrl: body.notify_url,
      timeExpire,
      attach: body.attach ?? null,
      payerOpenId: body.payer?.openid ?? null,
      prepayId: newPrepayId(now),
      fingerprint: fingerprint(kind, body),
      createdAt: now,
    })
    .onConflictDoNothing({ target: [sandboxTransactions.mchId, sandboxTransactions.outTradeNo] })
    .returning();
  if (inserted) return inserted;
  // The same out_trade_no opened at this very moment by another request: answer as a repeat.
  const raced = await findTransaction(db, body.mchid, body.out_trade_no);
  return repeatOf(raced!, kind, body, now);
}

/** Closes an unpaid transaction; closing a closed one is fine, a paid one is refused. */
export async function closeTransaction(
  db: DbOrTx,
  input: { mchId: string; outTradeNo: string; now: Date },
): Promise<void> {
  const t = sandboxTransactions;
  await db.transaction(async (tx) => {
    const [closed] = await tx
      .update(t)
      .set({ tradeState: 'CLOSED' })
      .where(
        and(
          eq(t.mchId, input.mchId),
          eq(t.outTradeNo, input.outTradeNo),
          eq(t.tradeState, 'NOTPAY'),
        ),
      )
      .returning({ outTradeNo: t.outTradeNo });
    if (closed) return;
    const row = await findTransaction(tx, input.mchId, input.outTradeNo);
    if (!row) throw refusals.orderNotExist();
    if (isPaid(row.tradeState)) throw refusals.orderPaid();
  });
}

export type PayRefusal = 'not-found' | 'paid' | 'closed';
export type ConfirmResult =
  { ok: true; transaction: Transaction } | { ok: false; reason: PayRefusal };

function refusalOf(row: SandboxTransaction | null, now: Date): PayRefusal {
  if (!row) return 'not-found';
  return isPaid(tradeStateAt(row, now)) ? 'paid' : 'closed';
}

/**
 * The user pays (确认支付): an unpaid, unexpired transaction becomes SUCCESS once, with its
 * transaction id and time, and its TRANSACTION.SUCCESS notification is queued with it. The payer
 * is the JSAPI transaction's own, else `openId`, else a new sandbox user.
 */
export async function sandboxConfirm(
  db: DbOrTx,
  prepayId: string,
  options: { openId?: string; now?: Date } = {},
): Promise<ConfirmResult> {
  const now = options.now ?? new Date();
  const keys = await sandboxKeys(db);
  const t = sandboxTransactions;
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(t)
      .set({
        tradeState: 'SUCCESS',
        transactionId: newTransactionId(now),
        successTime: now,
        payerOpenId: sql`coalesce(${t.payerOpenId}, ${options.openId ?? newOpenId()})`,
      })
      .where(and(eq(t.prepayId, prepayId), eq(t.tradeState, 'NOTPAY'), gt(t.timeExpire, now)))
      .returning();
    if (!paid) return { ok: false, reason: refusalOf(await findByPrepayId(tx, prepayId), now) };
    const transaction = transactionView(paid, now);
    await queueNotification(tx, {
      eventType: 'TRANSACTION.SUCCESS',
      resource: transaction,
      url: paid.notifyUrl,
      keys,
      now,
    });
    return { ok: true, transaction };
  });
}

/**
 * The user cancels (取消支付): nothing changes — the transaction stays NOTPAY and may still be
 * paid until it expires, as with the real gateway. Answers whether it was open to cancel.
 */
export async function sandboxCancel(
  db: DbOrTx,
  prepayId: string,
  options: { now?: Date } = {},
): Promise<{ ok: true } | { ok: false; reason: PayRefusal }> {
  const now = options.now ?? new Date();
  const row = await findByPrepayId(db, prepayId);
  if (row && tradeStateAt(row, now) === 'NOTPAY') return { ok: true };
  return { ok: false, reason: refusalOf(row, now) };
}
