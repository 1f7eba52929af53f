/**
 * The sandbox gateway's transfer bills (商家转账 to a user's WeChat balance, decision 033): made
 * by the merchant (the same out_bill_no with the same fields answers the same bill), confirmed by
 * the payee on WeChat's confirm-receipt sheet (requestMerchantTransfer, the bridge stand-in),
 * cancelled by the merchant before that, or cancelled by WeChat when its confirmation window
 * ends unconfirmed. Every change is one conditional UPDATE in a transaction, and the final state's
 * MCHTRANSFER.BILL.FINISHED notification is queued in the same one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxTransferBills } from '#lib/platform/db/schema.ts';
import { chinaTime, decryptSensitive } from '#lib/payments/wechatpay/protocol.ts';
import type {
  TransferBill,
  TransferBillAnswer,
  TransferBillNotice,
  TransferBillState,
  TransferCancelAnswer,
} from '#lib/payments/wechatpay/resources.ts';
import type { SandboxKeys } from './keys.server.ts';
import { sandboxKeys } from './keys.server.ts';
import { queueNotification } from './notifications.server.ts';
import { refusals } from './refusal.ts';
import type { TransferBillBody } from './validate.ts';

export type SandboxTransferBill = typeof sandboxTransferBills.$inferSelect;

/** WeChat's confirmation window: a bill the payee has not confirmed in 24 hours is cancelled. */
export const CONFIRM_WINDOW_MS = 24 * 3600_000;
/** From this amount (¥2,000.00) WeChat requires the payee's name. */
export const USER_NAME_FROM_CENTS = 200_000;
/** What an expired bill's fail_reason says. */
export const EXPIRED_REASON = '超过用户确认收款时间，转账已自动撤销';

/** The state as of `now`: an unconfirmed bill past its window is cancelled. */
export function billStateAt(row: SandboxTransferBill, now: Date): TransferBillState {
  if (row.state === 'WAIT_USER_CONFIRM' && row.expiresAt.getTime() <= now.getTime()) {
    return 'CANCELLED';
  }
  return row.state as TransferBillState;
}

function failReasonAt(row: SandboxTransferBill, now: Date): string | undefined {
  if (row.failReason) return row.failReason;
  return billStateAt(row, now) === 'CANCELLED' && row.state === 'WAIT_USER_CONFIRM'
    ? EXPIRED_REASON
    : undefined;
}

/** The bill as the query answers it. */
export function billView(row: SandboxTransferBill, now: Date): TransferBill {
  const failReason = failReasonAt(row, now);
  return {
    mch_id: row.mchId,
    out_bill_no: row.outBillNo,
    transfer_bill_no: row.transferBillNo,
    appid: row.appId,
    state: billStateAt(row, now),
    transfer_amount: row.amountCents,
    transfer_remark: row.remark,
    ...(failReason ? { fail_reason: failReason } : {}),
    openid: row.openId,
    create_time: chinaTime(row.createdAt),
    update_time: chinaTime(row.updatedAt),
  };
}

function noticeOf(row: SandboxTransferBill, now: Date): TransferBillNotice {
  const failReason = failReasonAt(row, now);
  return {
    mch_id: row.mchId,
    out_bill_no: row.outBillNo,
    transfer_bill_no: row.transferBillNo,
    transfer_amount: row.amountCents,
    state: billStateAt(row, now),
    openid: row.openId,
    ...(failReason ? { fail_reason: failReason } : {}),
    create_time: chinaTime(row.createdAt),
    update_time: chinaTime(row.updatedAt),
  };
}

function answerOf(row: SandboxTransferBill, now: Date): TransferBillAnswer {
  const state = billStateAt(row, now);
  const failReason = failReasonAt(row, now);
  return {
    out_bill_no: row.outBillNo,
    transfer_bill_no: row.transferBillNo,
    create_time: chinaTime(row.createdAt),
    state,
    ...(failReason ? { fail_reason: failReason } : {}),
    ...(state === 'WAIT_USER_CONFIRM' ? { package_info: row.packageInfo } : {}),
  };
}

export async function findBill(
  db: DbOrTx,
  mchId: string,
  outBillNo: string,
): Promise<SandboxTransferBill | null> {
  const t = sandboxTransferBills;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.mchId, mchId), eq(t.outBillNo, outBillNo)));
  return row ?? null;
}

export async function findBillByPackage(
  db: DbOrTx,
  packageInfo: string,
): Promise<SandboxTransferBill | null> {
  const [row] = await db
    .select()
    .from(sandboxTransferBills)
    .where(eq(sandboxTransferBills.packageInfo, packageInfo));
  return row ?? null;
}

function fingerprint(body: TransferBillBody): string {
  const fields = [
    body.appid,
    body.openid,
    body.transfer_scene_id,
    body.transfer_amount,
    body.transfer_remark,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** 1330 + yyyyMMdd + 20 hex-ish digits: shaped like WeChat's transfer_bill_no. */
function newTransferBillNo(now: Date): string {
  const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `1330${day}${BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString()
    .padStart(20, '0')
    .slice(0, 20)}`;
}

/**
 * 发起转账. The body is checked (validate.ts); a payee name (required from ¥2,000.00) must
 * decrypt with the platform key the Wechatpay-Serial header names.
 */
export async function createTransferBill(
  db: DbOrTx,
  input: {
    mchId: string;
    body: TransferBillBody;
    wechatpaySerial: string | null;
    keys: SandboxKeys;
    now: Date;
  },
): Promise<TransferBillAnswer> {
  const { body, keys, now } = input;
  if (body.transfer_amount >= USER_NAME_FROM_CENTS && body.user_name === undefined) {
    throw refusals.paramError('转账金额>=2000元时，收款用户姓名必填');
  }
  if (body.user_name !== undefined) {
    if (input.wechatpaySerial !== keys.platformKeyId) {
      throw refusals.paramError('Wechatpay-Serial 无效：与加密所用的微信支付公钥不一致');
    }
    const name = decryptSensitive(body.user_name, keys.platformPrivateKey);
    if (name === null || name.trim() === '') {
      throw refusals.paramError('参数 user_name 无效：解密失败');
    }
  }
  const existing = await findBill(db, input.mchId, body.out_bill_no);
  const repeat = (row: SandboxTransferBill) => {
    if (row.fingerprint !== fingerprint(body)) throw refusals.duplicateBillNo();
    return answerOf(row, now);
  };
  if (existing) return repeat(existing);
  const [inserted] = await db
    .insert(sandboxTransferBills)
    .values({
      mchId: input.mchId,
      outBillNo: body.out_bill_no,
      transferBillNo: newTransferBillNo(now),
      appId: body.appid,
      openId: body.openid,
      sceneId: body.transfer_scene_id,
      amountCents: body.transfer_amount,
      remark: body.transfer_remark,
      notifyUrl: body.notify_url ?? null,
      packageInfo: `ABBQO+${randomBytes(24).toString('base64url')}`,
      fingerprint: fingerprint(body),
      state: 'WAIT_USER_CONFIRM',
      expiresAt: new Date(now.getTime() + CONFIRM_WINDOW_MS),
      updatedAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [sandboxTransferBills.mchId, sandboxTransferBills.outBillNo] })
    .returning();
  if (inserted) return answerOf(inserted, now);
  return repeat((await findBill(db, input.mchId, body.out_bill_no))!);
}

async function finish(
  tx: DbOrTx,
  row: SandboxTransferBill,
  keys: SandboxKeys,
  now: Date,
): Promise<void> {
  if (!row.notifyUrl) return;
  await queueNotification(tx, {
    eventType: 'MCHTRANSFER.BILL.FINISHED',
    resource: noticeOf(row, now),
    url: row.notifyUrl,
    keys,
    now,
  });
}

/** 撤销转账: only before the payee confirmed; answered CANCELING, the bill is CANCELLED. */
export async function cancelTransferBill(
  db: DbOrTx,
  input: { mchId: string; outBillNo: string; now: Date },
): Promise<TransferCancelAnswer> {
  const keys = await sandboxKeys(db);
  const t = sandboxTransferBills;
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(t)
      .set({ state: 'CANCELLED', failReason: '商户撤销转账', updatedAt: input.now })
      .where(
        and(
          eq(t.mchId, input.mchId),
          eq(t.outBillNo, input.outBillNo),
          eq(t.state, 'WAIT_USER_CONFIRM'),
          gt(t.expiresAt, input.now),
        ),
      )
      .returning();
    if (cancelled) {
      await finish(tx, cancelled, keys, input.now);
      return {
        out_bill_no: cancelled.outBillNo,
        transfer_bill_no: cancelled.transferBillNo,
        state: 'CANCELING',
        update_time: chinaTime(input.now),
      };
    }
    const row = await findBill(tx, input.mchId, input.outBillNo);
    if (!row) throw refusals.billNotExist();
    if (billStateAt(row, input.now) !== 'CANCELLED') throw refusals.billFinished();
    return {
      out_bill_no: row.outBillNo,
      transfer_bill_no: row.transferBillNo,
      state: 'CANCELLED',
      update_time: chinaTime(row.updatedAt),
    };
  });
}

export type ReceiptRefusal = 'not-found' | 'received' | 'closed';

/**
 * The payee confirms the receipt on WeChat's sheet (requestMerchantTransfer with the bill's
 * package_info and the merchant and app it names): WAIT_USER_CONFIRM within the window becomes
 * SUCCESS once, and the notification is queued with it.
 */
export async function sandboxConfirmReceipt(
  db: DbOrTx,
  input: { mchId: string; appId: string; packageInfo: string; now?: Date },
): Promise<{ ok: true; bill: TransferBill } | { ok: false; reason: ReceiptRefusal }> {
  const now = input.now ?? new Date();
  const keys = await sandboxKeys(db);
  const t = sandboxTransferBills;
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(t)
      .set({ state: 'SUCCESS', updatedAt: now })
      .where(
        and(
          eq(t.packageInfo, input.packageInfo),
          eq(t.mchId, input.mchId),
          eq(t.appId, input.appId),
          eq(t.state, 'WAIT_USER_CONFIRM'),
          gt(t.expiresAt, now),
        ),
      )
      .returning();
    if (done) {
      await finish(tx, done, keys, now);
      return { ok: true, bill: billView(done, now) };
    }
    const row = await findBillByPackage(tx, input.packageInfo);
    if (!row || row.mchId !== input.mchId || row.appId !== input.appId) {
      return { ok: false, reason: 'not-found' };
    }
    return { ok: false, reason: billStateAt(row, now) === 'SUCCESS' ? 'received' : 'closed' };
  });
}

/**
 * WeChat's side of the window's end: unconfirmed bills past it become CANCELLED, each with its
 * notification (the sandbox notifier runs this every round). Answers how many.
 */
export async function expireTransferBills(db: DbOrTx, now = new Date()): Promise<number> {
  const keys = await sandboxKeys(db);
  const t = sandboxTransferBills;
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(t)
      .set({ state: 'CANCELLED', failReason: EXPIRED_REASON, updatedAt: now })
      .where(and(eq(t.state, 'WAIT_USER_CONFIRM'), lte(t.expiresAt, now)))
      .returning();
    for (const row of expired) await finish(tx, row, keys, now);
    return expired.length;
  });
}

/** What the confirm-receipt sheet shows for a package: amount and remark, or null. */
export async function receiptSheet(
  db: DbOrTx,
  packageInfo: string,
  now = new Date(),
): Promise<{ amountCents: number; remark: string; state: TransferBillState } | null> {
  const row = await findBillByPackage(db, packageInfo);
  if (!row) return null;
  return { amountCents: row.amountCents, remark: row.remark, state: billStateAt(row, now) };
}
