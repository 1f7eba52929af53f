/** Withdrawal statuses (withdrawals.status): a shop keeper's request to be paid their balance. */
import { transitions } from '#lib/platform/transitions.ts';

export const WithdrawalStatus = {
  /** 审核中: the amount waits in the in-withdrawal account for the shop owner's decision. */
  Applied: 10,
  /** 打款中: approved; the payout is (being) sent under its out_bill_no. */
  Approved: 20,
  /**
   * 待确认收款: a transfer to the keeper's WeChat balance waits for them to confirm its receipt
   * inside WeChat (decision 033); unconfirmed in WeChat's window, the money comes back.
   */
  AwaitingConfirm: 25,
  /** 已到账: the payout provider paid it. */
  PaidOut: 30,
  /** 打款失败: the provider refused it; the amount is back in the wallet. */
  Failed: 40,
  /** 已驳回: refused by the shop owner; the amount is back in the wallet. */
  Rejected: 50,
} as const;
export type WithdrawalStatus = (typeof WithdrawalStatus)[keyof typeof WithdrawalStatus];

export const withdrawalTransitions = transitions<WithdrawalStatus>({
  [WithdrawalStatus.Applied]: [WithdrawalStatus.Approved, WithdrawalStatus.Rejected],
  [WithdrawalStatus.Approved]: [
    WithdrawalStatus.AwaitingConfirm,
    WithdrawalStatus.PaidOut,
    WithdrawalStatus.Failed,
  ],
  [WithdrawalStatus.AwaitingConfirm]: [WithdrawalStatus.PaidOut, WithdrawalStatus.Failed],
  [WithdrawalStatus.PaidOut]: [],
  [WithdrawalStatus.Failed]: [],
  [WithdrawalStatus.Rejected]: [],
});

/** What the shop keeper reads for each status. */
export const WITHDRAWAL_STATUS_TEXT: Record<WithdrawalStatus, string> = {
  [WithdrawalStatus.Applied]: '审核中',
  [WithdrawalStatus.Approved]: '打款中',
  [WithdrawalStatus.AwaitingConfirm]: '待确认收款',
  [WithdrawalStatus.PaidOut]: '已到账',
  [WithdrawalStatus.Failed]: '打款失败',
  [WithdrawalStatus.Rejected]: '已驳回',
};
