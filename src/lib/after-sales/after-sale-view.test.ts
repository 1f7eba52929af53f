import { describe, expect, it } from 'vitest';
import { OrderStatus, RefundStatus } from '#lib/orders/status.ts';
import {
  RETURN_WINDOW_MS,
  afterSaleAmount,
  afterSaleKindFor,
  afterSaleTimeline,
} from './after-sale-view.ts';

const NOW = new Date('2026-11-21T04:00:00Z');

describe('afterSaleKindFor', () => {
  it('offers 仅退款 before shipping and 退货退款 after, nothing before payment or once cancelled', () => {
    const at = (status: number, completedAt: Date | null = null) =>
      afterSaleKindFor({ status, completedAt }, null, NOW);
    expect(at(OrderStatus.AwaitingPayment)).toBeNull();
    expect(at(OrderStatus.Paid)).toBe('refund');
    expect(at(OrderStatus.Shipped)).toBe('return');
    expect(at(OrderStatus.Completed, NOW)).toBe('return');
    expect(at(OrderStatus.Cancelled)).toBeNull();
  });

  it('keeps a completed order returnable for seven days', () => {
    const completedAt = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
    expect(
      afterSaleKindFor(
        { status: OrderStatus.Completed, completedAt: completedAt(RETURN_WINDOW_MS) },
        null,
        NOW,
      ),
    ).toBe('return');
    expect(
      afterSaleKindFor(
        { status: OrderStatus.Completed, completedAt: completedAt(RETURN_WINDOW_MS + 1) },
        null,
        NOW,
      ),
    ).toBeNull();
  });

  it('offers nothing while the line has one under review or approved; a refused one again', () => {
    const paid = { status: OrderStatus.Paid, completedAt: null };
    expect(afterSaleKindFor(paid, RefundStatus.UnderReview, NOW)).toBeNull();
    expect(afterSaleKindFor(paid, RefundStatus.Approved, NOW)).toBeNull();
    expect(afterSaleKindFor(paid, RefundStatus.Failed, NOW)).toBe('refund');
  });
});

describe('afterSaleAmount', () => {
  it('is the line’s payment before shipping and leaves its freight out after', () => {
    const line = { paidCents: 5990, freightCents: 1000, insuranceCents: 0 };
    expect(afterSaleAmount('refund', line)).toBe(5990);
    expect(afterSaleAmount('return', line)).toBe(4990);
  });

  it('gives an insurance premium back before shipping and keeps it on a return (the policy was in force)', () => {
    const line = { paidCents: 6070, freightCents: 1000, insuranceCents: 80 };
    expect(afterSaleAmount('refund', line)).toBe(6070);
    expect(afterSaleAmount('return', line)).toBe(4990);
  });
});

describe('afterSaleTimeline', () => {
  const base = {
    createdAt: '2026-11-21T04:00:00.000Z',
    reviewedAt: null,
    status: RefundStatus.UnderReview,
    refusal: null,
    kind: 'return' as const,
    returnCompany: null,
    returnTrackingNo: null,
    returnShippedAt: null,
    returnReceivedAt: null,
    refundedAt: null,
  };

  it('lists what happened, newest first', () => {
    expect(afterSaleTimeline(base)).toEqual([{ text: '提交了退货退款申请', at: base.createdAt }]);
    const done = afterSaleTimeline({
      ...base,
      status: RefundStatus.Approved,
      reviewedAt: '2026-11-21T05:00:00.000Z',
      returnCompany: '中通快递',
      returnTrackingNo: 'ZT123456789',
      returnShippedAt: '2026-11-22T05:00:00.000Z',
      returnReceivedAt: '2026-11-23T05:00:00.000Z',
      refundedAt: '2026-11-23T05:01:00.000Z',
    });
    expect(done.map((s) => s.text)).toEqual([
      '退款成功，款项已原路退回',
      '商家已收到退回的商品，退款处理中',
      '已寄回商品：中通快递 ZT123456789',
      '商家同意了申请，请寄回商品',
      '提交了退货退款申请',
    ]);
  });

  it('says why it was refused', () => {
    const refused = afterSaleTimeline({
      ...base,
      kind: 'refund',
      status: RefundStatus.Failed,
      reviewedAt: '2026-11-21T05:00:00.000Z',
      refusal: '商品已发出',
    });
    expect(refused.map((s) => s.text)).toEqual(['商家拒绝了申请：商品已发出', '提交了仅退款申请']);
  });
});
