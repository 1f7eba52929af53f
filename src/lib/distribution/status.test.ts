import { describe, expect, it } from 'vitest';
import { allowedEdges } from '#tests/fixtures/transitions.ts';
import { WithdrawalStatus, withdrawalTransitions } from './status.ts';

const { Applied, PaidOut, Rejected } = WithdrawalStatus;

describe('withdrawal statuses', () => {
  it('are the stored numbers', () => {
    expect(WithdrawalStatus).toEqual({ Applied: 10, PaidOut: 20, Rejected: 30 });
    expect(withdrawalTransitions.statuses).toEqual([10, 20, 30]);
  });

  it('are decided once, from applied', () => {
    expect(allowedEdges(withdrawalTransitions)).toEqual([
      [Applied, PaidOut],
      [Applied, Rejected],
    ]);
    expect(withdrawalTransitions.canTransition(Rejected, PaidOut)).toBe(false);
    expect(withdrawalTransitions.canTransition(PaidOut, Applied)).toBe(false);
    expect(withdrawalTransitions.allowedFrom(PaidOut)).toEqual([Applied]);
    expect(withdrawalTransitions.allowedFrom(Rejected)).toEqual([Applied]);
    expect(withdrawalTransitions.statuses.filter(withdrawalTransitions.isTerminal)).toEqual([
      PaidOut,
      Rejected,
    ]);
  });
});
