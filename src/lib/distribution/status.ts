/** Withdrawal statuses (withdrawals.status): a shop keeper's request to be paid their balance. */
import { transitions } from '#lib/platform/transitions.ts';

export const WithdrawalStatus = {
  Applied: 10,
  PaidOut: 20,
  /** Refused; the amount returns to the wallet. */
  Rejected: 30,
} as const;
export type WithdrawalStatus = (typeof WithdrawalStatus)[keyof typeof WithdrawalStatus];

export const withdrawalTransitions = transitions<WithdrawalStatus>({
  [WithdrawalStatus.Applied]: [WithdrawalStatus.PaidOut, WithdrawalStatus.Rejected],
  [WithdrawalStatus.PaidOut]: [],
  [WithdrawalStatus.Rejected]: [],
});
