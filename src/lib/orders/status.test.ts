import { describe, expect, it } from 'vitest';
import { allowedEdges } from '#tests/fixtures/transitions.ts';
import {
  OrderStatus,
  RefundStatus,
  canApplyForRefund,
  orderStatusLabels,
  orderTransitions,
  refundTransitions,
} from './status.ts';

const { AwaitingPayment, Paid, Shipped, Completed, Cancelled } = OrderStatus;
const { UnderReview, Failed, Approved } = RefundStatus;

describe('order statuses', () => {
  it('are the stored numbers', () => {
    expect(OrderStatus).toEqual({
      AwaitingPayment: 10,
      Paid: 20,
      Shipped: 30,
      Completed: 40,
      Cancelled: 50,
    });
    expect(orderTransitions.statuses).toEqual([10, 20, 30, 40, 50]);
  });

  it('move only along the table; every other pair is refused', () => {
    expect(allowedEdges(orderTransitions)).toEqual([
      [AwaitingPayment, Paid],
      [AwaitingPayment, Cancelled],
      [Paid, Shipped],
      [Paid, Cancelled],
      [Shipped, Completed],
      // Every line came back (退货退款) and was refunded.
      [Shipped, Cancelled],
    ]);
    expect(orderTransitions.canTransition(AwaitingPayment, Shipped)).toBe(false);
    expect(orderTransitions.canTransition(Completed, Cancelled)).toBe(false);
    expect(orderTransitions.canTransition(Cancelled, Paid)).toBe(false);
    expect(orderTransitions.canTransition(Paid, AwaitingPayment)).toBe(false);
  });

  it('answer the statuses a conditional update may start from', () => {
    expect(orderTransitions.allowedFrom(Paid)).toEqual([AwaitingPayment]);
    expect(orderTransitions.allowedFrom(Cancelled)).toEqual([AwaitingPayment, Paid, Shipped]);
    expect(orderTransitions.allowedFrom(Completed)).toEqual([Shipped]);
    expect(orderTransitions.allowedFrom(AwaitingPayment)).toEqual([]);
  });

  it('end at completed and cancelled', () => {
    expect(orderTransitions.statuses.filter(orderTransitions.isTerminal)).toEqual([
      Completed,
      Cancelled,
    ]);
  });

  it('read as the my page shortcuts', () => {
    expect(orderStatusLabels).toEqual({ 10: '待付款', 20: '待发货', 30: '待收货' });
  });
});

describe('order-line refund statuses (shell §3: 10 under review, 60 failed, 70 approved)', () => {
  it('are the stored numbers', () => {
    expect(RefundStatus).toEqual({ UnderReview: 10, Failed: 60, Approved: 70 });
    expect(refundTransitions.statuses).toEqual([10, 60, 70]);
  });

  it('are decided from review; a refused refund may be applied for again', () => {
    expect(allowedEdges(refundTransitions)).toEqual([
      [UnderReview, Failed],
      [UnderReview, Approved],
      [Failed, UnderReview],
    ]);
    expect(refundTransitions.canTransition(Failed, Approved)).toBe(false);
    expect(refundTransitions.canTransition(Approved, UnderReview)).toBe(false);
    expect(refundTransitions.allowedFrom(Approved)).toEqual([UnderReview]);
    expect(refundTransitions.statuses.filter(refundTransitions.isTerminal)).toEqual([Approved]);
  });

  it('open on a line without a refund or with a refused one', () => {
    expect(canApplyForRefund(null)).toBe(true);
    expect(canApplyForRefund(Failed)).toBe(true);
    expect(canApplyForRefund(UnderReview)).toBe(false);
    expect(canApplyForRefund(Approved)).toBe(false);
  });
});
