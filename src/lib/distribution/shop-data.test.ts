import { describe, expect, it } from 'vitest';
import { barChart, daysBack, fillDays, metricValue, totalsOf } from './shop-data.ts';
import { customerSearch, periodSince, rankBy } from './customers.ts';

const NOW = new Date('2026-11-30T17:00:00Z'); // 01:00 on 1 December in the shop

describe('shop days', () => {
  it('counts back whole shop days, today last', () => {
    expect(daysBack(NOW, 3)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
  });

  it('fills the days without figures with zeros and sums them', () => {
    const days = fillDays(['2026-11-30', '2026-12-01'], new Map([['2026-12-01', { visits: 4 }]]));
    expect(days[0]).toEqual({
      day: '2026-11-30',
      visits: 0,
      orders: 0,
      salesCents: 0,
      newCustomers: 0,
    });
    expect(totalsOf(days)).toEqual({ visits: 4, orders: 0, salesCents: 0, newCustomers: 0 });
    expect(metricValue('salesCents', 12345)).toBe('¥123.45');
    expect(metricValue('visits', 7)).toBe('7');
  });
});

describe('barChart', () => {
  const days = fillDays(
    daysBack(NOW, 7),
    new Map([
      ['2026-11-26', { orders: 4 }],
      ['2026-11-27', { orders: 1 }],
    ]),
  );

  it('scales the bars to the largest day within the plot', () => {
    const chart = barChart(days, 'orders');
    expect(chart.max).toBe(4);
    expect(chart.bars).toHaveLength(7);
    const tallest = chart.bars.find((b) => b.day === '2026-11-26')!;
    expect(tallest.y).toBe(16);
    expect(tallest.y + tallest.height).toBe(chart.baseline);
    expect(chart.bars.find((b) => b.day === '2026-11-25')!.height).toBe(0);
    for (const bar of chart.bars) {
      expect(bar.x).toBeGreaterThanOrEqual(0);
      expect(bar.x + bar.width).toBeLessThanOrEqual(chart.width);
    }
    expect(chart.labels.map((l) => l.text)).toEqual(['11/25', '11/28', '12/1']);
  });

  it('draws no bars when nothing happened', () => {
    const chart = barChart(days, 'visits');
    expect(chart.max).toBe(0);
    expect(chart.bars.every((b) => b.height === 0)).toBe(true);
  });
});

describe('customer rules', () => {
  it('searches by what the masks show or by whole values only', () => {
    expect(customerSearch(' 0001 ')).toEqual({ by: 'phoneTail', value: '0001' });
    expect(customerSearch('13800000001')).toEqual({ by: 'phone', value: '13800000001' });
    expect(customerSearch('鹿小姐')).toEqual({ by: 'nickname', value: '鹿小姐' });
    expect(customerSearch('  ')).toBeNull();
  });

  it('ranks by the chosen figure, then the other, then the id', () => {
    const rows = [
      { customerId: 3, orders: 1, paidCents: 100, commissionCents: 50 },
      { customerId: 1, orders: 1, paidCents: 100, commissionCents: 50 },
      { customerId: 2, orders: 1, paidCents: 90, commissionCents: 80 },
    ];
    expect(rankBy(rows, 'paid').map((r) => r.customerId)).toEqual([1, 3, 2]);
    expect(rankBy(rows, 'commission').map((r) => r.customerId)).toEqual([2, 1, 3]);
  });

  it('counts periods back from now', () => {
    expect(periodSince('7', NOW)).toEqual(new Date('2026-11-23T17:00:00Z'));
    expect(periodSince('all', NOW)).toBeNull();
  });
});
