import { describe, expect, it } from 'vitest';
import {
  commissionAfterRefund,
  commissionCents,
  commissionRateBp,
  goodsPaidCents,
} from './commission.ts';

describe('commission', () => {
  it('takes the product rate before the sale rate', () => {
    expect(commissionRateBp({ commissionRateBp: 1200 }, { commissionRateBp: 800 })).toBe(1200);
    expect(commissionRateBp({ commissionRateBp: null }, { commissionRateBp: 800 })).toBe(800);
    expect(commissionRateBp({ commissionRateBp: 0 }, { commissionRateBp: 800 })).toBe(0);
    expect(commissionRateBp({ commissionRateBp: null }, null)).toBe(0);
  });

  it('is the rate of the paid goods, rounded down to the cent', () => {
    expect(commissionCents(38_900, 800)).toBe(3112);
    expect(commissionCents(999, 800)).toBe(79);
    expect(commissionCents(1, 9999)).toBe(0);
    expect(commissionCents(0, 800)).toBe(0);
    expect(commissionCents(-100, 800)).toBe(0);
    expect(commissionCents(10_000, 0)).toBe(0);
    expect(commissionCents(10_000, 9000)).toBe(5000);
  });

  it('leaves freight and insurance out', () => {
    expect(goodsPaidCents({ paidCents: 11_000, freightCents: 1000, insuranceCents: 300 })).toBe(
      9700,
    );
  });

  it('shrinks with a partial refund and vanishes with a full one', () => {
    const line = { paidCents: 10_000, freightCents: 0, insuranceCents: 0, commissionRateBp: 1000 };
    expect(commissionAfterRefund(line, 0)).toBe(1000);
    expect(commissionAfterRefund(line, 4000)).toBe(600);
    expect(commissionAfterRefund(line, 10_000)).toBe(0);
    expect(commissionAfterRefund(line, 12_000)).toBe(0);
  });
});
