import { describe, expect, it } from 'vitest';
import { allowedEdges } from '#tests/fixtures/transitions.ts';
import { WITHDRAWAL_STATUS_TEXT, WithdrawalStatus, withdrawalTransitions } from './status.ts';

const { Applied, Approved, AwaitingConfirm, PaidOut, Failed, Rejected } = WithdrawalStatus;

describe('withdrawal statuses', () => {
  it('are the stored numbers', () => {
    expect(WithdrawalStatus).toEqual({
      Applied: 10,
      Approved: 20,
      AwaitingConfirm: 25,
      PaidOut: 30,
      Failed: 40,
      Rejected: 50,
    });
    expect(withdrawalTransitions.statuses).toEqual([10, 20, 25, 30, 40, 50]);
  });

  it('are reviewed once, then paid out or failed once (a WeChat transfer after its receipt)', () => {
    expect(allowedEdges(withdrawalTransitions)).toEqual([
      [Applied, Approved],
      [Applied, Rejected],
      [Approved, AwaitingConfirm],
      [Approved, PaidOut],
      [Approved, Failed],
      [AwaitingConfirm, PaidOut],
      [AwaitingConfirm, Failed],
    ]);
    expect(withdrawalTransitions.canTransition(AwaitingConfirm, Approved)).toBe(false);
    expect(withdrawalTransitions.canTransition(Rejected, Approved)).toBe(false);
    expect(withdrawalTransitions.canTransition(Failed, PaidOut)).toBe(false);
    expect(withdrawalTransitions.allowedFrom(Rejected)).toEqual([Applied]);
    expect(withdrawalTransitions.statuses.filter(withdrawalTransitions.isTerminal)).toEqual([
      PaidOut,
      Failed,
      Rejected,
    ]);
  });

  it('read as the wallet shows them', () => {
    expect(Object.values(WITHDRAWAL_STATUS_TEXT)).toEqual([
      '审核中',
      '打款中',
      '待确认收款',
      '已到账',
      '打款失败',
      '已驳回',
    ]);
  });
});
