/**
 * The distributor money ledger (decision 022): accounts and immutable transfers, double entry.
 *
 * A transfer moves an amount from its debit account to its credit account. Each account keeps
 * two running sums: posted (money that has moved) and pending (money promised: a commission
 * waiting for its order's after-sale window). A pending transfer is later resolved exactly once,
 * by a `post` transfer (the amount moves for good) or a `void` transfer (the promise lapses), so
 * the history is only ever appended to. Every transfer subtracts from one account what it adds
 * to another: summed over all accounts, posted and pending are both zero at every moment.
 */

/** The accounts a shop keeper has in each shop; what we owe them is never negative. */
export const KeeperAccount = {
  /** 可提现: posted is the withdrawable balance, pending the commission awaiting settlement. */
  Available: 'available',
  /** 提现中: withdrawals applied for, until paid out or returned. */
  Withdrawing: 'withdrawing',
  /** 待扣回: commission clawed back after it was withdrawn; never above zero (they owe it). */
  Owed: 'owed',
} as const;

/** The shop's side of the ledger; free to go either way. */
export const ShopAccount = {
  /** The shop's commission cost: debited by commission, credited by voids and clawbacks. */
  Commission: 'commission',
  /** Money paid out to shop keepers' cards. */
  Payouts: 'payouts',
} as const;

export type AccountKind =
  | (typeof KeeperAccount)[keyof typeof KeeperAccount]
  | (typeof ShopAccount)[keyof typeof ShopAccount];

export const ACCOUNT_KINDS: readonly AccountKind[] = [
  ...Object.values(KeeperAccount),
  ...Object.values(ShopAccount),
];

/** How a transfer touches balances. */
export const TransferKind = {
  /** Moves posted money now. */
  Posted: 'posted',
  /** Promises money: moves pending sums only. */
  Pending: 'pending',
  /** Makes a pending transfer's whole amount posted. */
  Post: 'post',
  /** Lets a pending transfer lapse. */
  Void: 'void',
} as const;
export type TransferKind = (typeof TransferKind)[keyof typeof TransferKind];

/** Why money moved; the wallet's movement list reads these. */
export const TransferReason = {
  Commission: 'commission',
  Settle: 'settle',
  RefundVoid: 'refund_void',
  Clawback: 'clawback',
  ClawbackOwed: 'clawback_owed',
  Repay: 'repay',
  Withdraw: 'withdraw',
  Payout: 'payout',
  WithdrawReturned: 'withdraw_returned',
} as const;
export type TransferReason = (typeof TransferReason)[keyof typeof TransferReason];

/** The shop keeper's words for each movement of their available balance. */
export const MOVEMENT_TEXT: Record<TransferReason, string> = {
  commission: '推广佣金（待结算）',
  settle: '佣金结算',
  refund_void: '退款取消佣金',
  clawback: '退款扣回佣金',
  clawback_owed: '退款扣回佣金（待扣）',
  repay: '抵扣待扣回佣金',
  withdraw: '提现申请',
  payout: '提现到账',
  withdraw_returned: '提现退回',
};

/**
 * Transfer ids derive from the business event, so doing the same thing twice writes nothing the
 * second time: `commission:line:42`, `settle:line:42`, `withdraw:WD…`.
 */
export const transferId = {
  commission: (orderLineId: number) => `commission:line:${orderLineId}`,
  recommission: (orderLineId: number, refundNo: string) =>
    `commission:line:${orderLineId}:after:${refundNo}`,
  settle: (pendingId: string) => `settle:${pendingId}`,
  refundVoid: (pendingId: string) => `void:${pendingId}`,
  clawback: (orderLineId: number, refundNo: string) => `clawback:line:${orderLineId}:${refundNo}`,
  clawbackOwed: (orderLineId: number, refundNo: string) => `owed:line:${orderLineId}:${refundNo}`,
  repay: (settleId: string) => `repay:${settleId}`,
  withdraw: (withdrawalNo: string) => `withdraw:${withdrawalNo}`,
  payout: (withdrawalNo: string) => `payout:${withdrawalNo}`,
  withdrawReturned: (withdrawalNo: string) => `returned:${withdrawalNo}`,
};
