import { describe, expect, it } from 'vitest';
import { allowedEdges } from '#tests/fixtures/transitions.ts';
import { PaymentStatus, paymentTransitions } from './status.ts';

const { Created, Paid, Closed } = PaymentStatus;

describe('payment statuses', () => {
  it('are the stored numbers', () => {
    expect(PaymentStatus).toEqual({ Created: 0, Paid: 1, Closed: 2 });
    expect(paymentTransitions.statuses).toEqual([0, 1, 2]);
  });

  it('settle once, from created only', () => {
    expect(allowedEdges(paymentTransitions)).toEqual([
      [Created, Paid],
      [Created, Closed],
    ]);
    expect(paymentTransitions.canTransition(Closed, Paid)).toBe(false);
    expect(paymentTransitions.canTransition(Paid, Closed)).toBe(false);
    expect(paymentTransitions.allowedFrom(Paid)).toEqual([Created]);
    expect(paymentTransitions.allowedFrom(Created)).toEqual([]);
    expect(paymentTransitions.statuses.filter(paymentTransitions.isTerminal)).toEqual([
      Paid,
      Closed,
    ]);
  });
});
