import { describe, expect, it } from 'vitest';
import { discountLabel, formatYuan, sellingPriceCents } from './money.ts';

describe('money', () => {
  it('shows cents / 100 with two decimals', () => {
    expect(formatYuan(0)).toBe('0.00');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(19900)).toBe('199.00');
    expect(formatYuan(12345)).toBe('123.45');
    expect(formatYuan(-150)).toBe('-1.50');
    expect(() => formatYuan(1.5)).toThrow();
  });

  it('adds the global and the sale markup on the server', () => {
    expect(sellingPriceCents(19900, 500, 300)).toBe(20700);
  });

  it('labels the discount against the market price', () => {
    expect(discountLabel(3500, 10000)).toBe('3.5折');
    expect(discountLabel(5000, 10000)).toBe('5折');
    expect(discountLabel(10000, 10000)).toBeNull();
    expect(discountLabel(100, 0)).toBeNull();
  });
});
