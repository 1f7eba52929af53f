import { describe, expect, it } from 'vitest';
import { totalLabel } from './detail.ts';

describe('the order total on 订单详情', () => {
  it('reads 应付 until the order is paid, 实付 after, also once it closed after a full refund', () => {
    expect(totalLabel({ paidAt: null })).toBe('应付');
    expect(totalLabel({ paidAt: '2026-11-21T04:00:00.000Z' })).toBe('实付');
  });
});
