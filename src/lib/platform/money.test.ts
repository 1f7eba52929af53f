import { describe, expect, it } from 'vitest';
import { formatYuan } from './money.ts';

describe('money', () => {
  it('shows cents / 100 with two decimals', () => {
    expect(formatYuan(0)).toBe('0.00');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(19900)).toBe('199.00');
    expect(formatYuan(12345)).toBe('123.45');
    expect(formatYuan(-150)).toBe('-1.50');
    expect(() => formatYuan(1.5)).toThrow();
  });
});
