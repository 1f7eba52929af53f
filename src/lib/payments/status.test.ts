import { describe, expect, it } from 'vitest';
import { allowedEdges } from '#tests/fixtures/transitions.ts';
import {
  PaymentStatus,
  RefundState,
  paymentTransitions,
  refundStateTransitions,
} from './status.ts';

const { Created, Paid, Closed } = PaymentStatus;
const { Requested, Processing, Succeeded, Failed } = RefundState;

describe('payment statuses', () => {
  it('are the stored numbers', () => {
    expect(PaymentStatus).toEqual({ Created: 0, Paid: 1, Closed: 2 });
    expect(paymentTransitions.statuses).toEqual([0, 1, 2]);
  });

  it('are paid once; a closed attempt the gateway still took money for becomes paid', () => {
    expect(allowedEdges(paymentTransitions)).toEqual([
      [Created, Paid],
      [Created, Closed],
      [Closed, Paid],
    ]);
    expect(paymentTransitions.canTransition(Paid, Closed)).toBe(false);
    expect(paymentTransitions.canTransition(Paid, Created)).toBe(false);
    expect(paymentTransitions.allowedFrom(Paid)).toEqual([Created, Closed]);
    expect(paymentTransitions.allowedFrom(Created)).toEqual([]);
    expect(paymentTransitions.statuses.filter(paymentTransitions.isTerminal)).toEqual([Paid]);
  });

  it('refunds settle once, from requested or processing', () => {
    expect(allowedEdges(refundStateTransitions)).toEqual([
      [Requested, Processing],
      [Requested, Succeeded],
      [Requested, Failed],
      [Processing, Succeeded],
      [Processing, Failed],
    ]);
    expect(refundStateTransitions.statuses.filter(refundStateTransitions.isTerminal)).toEqual([
      Succeeded,
      Failed,
    ]);
  });
});
