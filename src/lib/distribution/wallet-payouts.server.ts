/**
 * 微信零钱 withdrawals after the transfer bill is made (decision 033): the keeper's 确认收款
 * (the sheet's parameters, then the bill asked about), the keeper's 取消 of an unconfirmed bill,
 * WeChat's MCHTRANSFER.BILL.FINISHED notification, and the timer that asks about bills whose
 * confirmation window has ended. Whoever reports a bill's final state, applyPayoutResult moves
 * the withdrawal and its money once.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { withdrawals } from '#lib/platform/db/schema.ts';
import type { PaymentGateway } from '#lib/payments/index.server.ts';
import type { TransferBillNotice } from '#lib/payments/index.ts';
import { WithdrawalStatus } from './status.ts';
import { payoutResultOf, type WalletPayouts } from './payouts.server.ts';
import { applyPayoutResult, paidCents } from './withdrawals.server.ts';

/** WeChat's confirmation window: an unconfirmed bill is cancelled by WeChat after 24 hours. */
export const CONFIRM_WINDOW_MS = 24 * 3600_000;

/** What a withdrawal the keeper cancelled before confirming says. */
export const CANCELLED_REASON = '已取消收款，金额已退回钱包';

/** What the page opens WeChat's confirm-receipt sheet with (requestMerchantTransfer). */
export interface ReceiptRequest {
  mchId: string;
  appId: string;
  package: string;
}

async function keepersWithdrawal(
  db: DbOrTx,
  input: { shopId: string; userId: number; withdrawalNo: string },
) {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.shopId, input.shopId),
        eq(withdrawals.userId, input.userId),
        eq(withdrawals.withdrawalNo, input.withdrawalNo),
      ),
    );
  if (!row) throw appError(Errors.WITHDRAWAL_NOT_FOUND);
  return row;
}

/** 确认收款: the sheet's parameters for one of the keeper's 待确认收款 withdrawals. */
export async function receiptRequest(
  db: DbOrTx,
  wallet: WalletPayouts | null,
  input: { shopId: string; userId: number; withdrawalNo: string },
): Promise<ReceiptRequest> {
  const row = await keepersWithdrawal(db, input);
  if (!wallet || row.status !== WithdrawalStatus.AwaitingConfirm || row.transferPackage === null) {
    throw appError(Errors.WITHDRAWAL_NOT_AWAITING);
  }
  return { mchId: wallet.mchId, appId: wallet.appId, package: row.transferPackage };
}

/**
 * Asks WeChat about a 微信零钱 withdrawal's bill and applies what it says (after the sheet
 * answered, a notification may not have come yet). Answers the withdrawal's status after.
 */
export async function checkWalletWithdrawal(
  db: DbOrTx,
  wallet: WalletPayouts | null,
  input: { shopId: string; userId: number; withdrawalNo: string; now?: Date },
): Promise<WithdrawalStatus> {
  const row = await keepersWithdrawal(db, input);
  if (wallet && row.destination === 'wechat' && row.outBillNo) {
    const result = await wallet.query(row.outBillNo);
    if (result) await applyPayoutResult(db, row, result, input.now);
  }
  const [after] = await db
    .select({ status: withdrawals.status })
    .from(withdrawals)
    .where(eq(withdrawals.id, row.id));
  return after!.status as WithdrawalStatus;
}

/** 取消收款: the keeper cancels an unconfirmed bill; once WeChat has, the money is back. */
export async function cancelWalletWithdrawal(
  db: DbOrTx,
  wallet: WalletPayouts | null,
  input: { shopId: string; userId: number; withdrawalNo: string; now?: Date },
): Promise<void> {
  const row = await keepersWithdrawal(db, input);
  if (!wallet || row.status !== WithdrawalStatus.AwaitingConfirm || !row.outBillNo) {
    throw appError(Errors.WITHDRAWAL_NOT_AWAITING);
  }
  // Accepted as CANCELING; WeChat is asked once more straight away, and else its notification
  // (or the timer) brings the final state.
  let result = await wallet.cancel(row.outBillNo);
  if (result.state === 'PENDING') result = (await wallet.query(row.outBillNo)) ?? result;
  await applyPayoutResult(
    db,
    row,
    result.state === 'FAIL' ? { ...result, failReason: CANCELLED_REASON } : result,
    input.now,
  );
}

/**
 * 待确认收款 withdrawals whose confirmation window has ended are asked about (WeChat cancelled
 * the bill, or it was confirmed and the notification was lost). Answers how many were asked.
 */
export async function sweepUnconfirmed(
  db: DbOrTx,
  wallet: WalletPayouts | null,
  now = new Date(),
): Promise<number> {
  if (!wallet) return 0;
  const due = await db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, WithdrawalStatus.AwaitingConfirm),
        lte(withdrawals.reviewedAt, new Date(now.getTime() - CONFIRM_WINDOW_MS)),
      ),
    )
    .orderBy(asc(withdrawals.reviewedAt))
    .limit(100);
  let asked = 0;
  for (const row of due) {
    try {
      const result = await wallet.query(row.outBillNo!);
      if (result) await applyPayoutResult(db, row, result, now);
      asked += 1;
    } catch (error) {
      console.error(`[withdrawals] bill ${row.outBillNo} not answered:`, (error as Error).message);
    }
  }
  return asked;
}

export interface TransferNotifyAnswer {
  status: number;
  body: { code: 'SUCCESS' | 'FAIL'; message: string };
}

const SUCCESS: TransferNotifyAnswer = { status: 200, body: { code: 'SUCCESS', message: '成功' } };
const fail = (status: number, message: string): TransferNotifyAnswer => ({
  status,
  body: { code: 'FAIL', message },
});

/**
 * MCHTRANSFER.BILL.FINISHED (POST /api/payment/notify/wechatpay/transfer): nothing in it is
 * believed before its signature verifies with the platform key and its resource decrypts; then
 * merchant, bill number, amount and payee must be the stored withdrawal's. Success is answered
 * only after the change is committed, so WeChat tries again otherwise.
 */
export async function receiveTransferNotification(
  db: DbOrTx,
  gateway: PaymentGateway,
  headers: { get(name: string): string | null },
  body: string,
  now = new Date(),
): Promise<TransferNotifyAnswer> {
  const opened = gateway.client.openNotification<TransferBillNotice>(headers, body);
  if (!opened.ok) {
    console.error(`[withdrawals] transfer notification refused: ${opened.reason}`);
    return fail(401, opened.reason === 'timestamp' ? '通知已过期' : '签名验证失败');
  }
  if (opened.notification.event_type !== 'MCHTRANSFER.BILL.FINISHED') return SUCCESS;
  const bill = opened.resource;
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(
      and(eq(withdrawals.outBillNo, bill.out_bill_no ?? ''), eq(withdrawals.destination, 'wechat')),
    );
  if (
    !row ||
    bill.mch_id !== gateway.client.mchId ||
    bill.transfer_amount !== paidCents(row) ||
    bill.openid !== row.payeeOpenId
  ) {
    console.error(`[withdrawals] transfer notification does not match: ${bill.out_bill_no}`);
    return fail(400, '转账单信息不一致');
  }
  try {
    await applyPayoutResult(db, row, payoutResultOf(bill), now);
    return SUCCESS;
  } catch (error) {
    console.error('[withdrawals] transfer notification not applied:', error);
    return fail(500, '处理失败');
  }
}
