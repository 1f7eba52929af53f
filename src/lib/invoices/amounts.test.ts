import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  invoiceItems,
  invoiceTotals,
  reversedItems,
  taxWithin,
  type PaidLine,
  type TaxCategory,
} from './amounts.ts';

const SHOES: TaxCategory = { taxCode: '1060201070000000000', shortName: '鞋', rateBp: 1300 };
const BOOKS: TaxCategory = { taxCode: '1060501010000000000', shortName: '图书', rateBp: 900 };

const line = (over: Partial<PaidLine>): PaidLine => ({
  productName: '森野跑步鞋',
  skuDesc: '黑色 42',
  quantity: 1,
  goodsCents: 29_900,
  freightCents: 0,
  insuranceCents: 0,
  refundedCents: 0,
  tax: SHOES,
  ...over,
});

describe('the tax within a tax-included amount', () => {
  it('is rounded to the cent, half away from zero', () => {
    // 299.00 at 13 %: 299 / 1.13 × 0.13 = 34.398… → 34.40.
    expect(taxWithin(29_900, 1300)).toBe(3440);
    // 100.00 at 9 %: 8.2568… → 8.26; at 6 %: 5.660… → 5.66; at 0 %: nothing.
    expect(taxWithin(10_000, 900)).toBe(826);
    expect(taxWithin(10_000, 600)).toBe(566);
    expect(taxWithin(10_000, 0)).toBe(0);
    // 0.17 at 13 %: 0.01955… → 0.02; a red letter's is the same, negative.
    expect(taxWithin(17, 1300)).toBe(2);
    expect(taxWithin(-29_900, 1300)).toBe(-3440);
  });

  it('never exceeds the amount and is within half a cent of the exact tax', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 1700 }),
        (a, r) => {
          const tax = taxWithin(a, r);
          const exact = (a * r) / (10_000 + r);
          expect(Math.abs(tax - exact)).toBeLessThanOrEqual(0.5);
          expect(tax).toBeLessThanOrEqual(a);
          expect(taxWithin(-a, r)).toBe(-tax);
        },
      ),
    );
  });
});

describe('the items of an order invoice', () => {
  it('are the goods as paid, the coupon left out, then the freight and the premium', () => {
    // A 299.00 pair of shoes with 20.00 of coupon, 10.00 of freight and 1.50 of premium.
    const items = invoiceItems(
      [line({ goodsCents: 29_900 - 2_000, freightCents: 1_000, insuranceCents: 150 })],
      SHOES,
    );
    expect(items).toEqual([
      {
        name: '*鞋*森野跑步鞋',
        taxCode: '1060201070000000000',
        spec: '黑色 42',
        unit: '件',
        quantity: 1,
        amountCents: 27_900,
        taxRateBp: 1300,
        taxCents: taxWithin(27_900, 1300),
      },
      {
        name: '*运输服务*运费',
        taxCode: '1060201070000000000',
        spec: '',
        unit: '项',
        quantity: 1,
        amountCents: 1_000,
        taxRateBp: 1300,
        taxCents: taxWithin(1_000, 1300),
      },
      {
        name: '*保险服务*退货运费险',
        taxCode: '1060201070000000000',
        spec: '',
        unit: '项',
        quantity: 1,
        amountCents: 150,
        taxRateBp: 1300,
        taxCents: taxWithin(150, 1300),
      },
    ]);
    expect(invoiceTotals(items).amountCents).toBe(27_900 + 1_000 + 150);
  });

  it('leave out a line refunded in whole, take a partial refund off its line, keep the freight', () => {
    const items = invoiceItems(
      [
        line({
          productName: '跑步鞋',
          goodsCents: 29_900,
          freightCents: 600,
          refundedCents: 29_900,
        }),
        line({
          productName: '运动袜',
          quantity: 3,
          goodsCents: 5_700,
          freightCents: 200,
          refundedCents: 1_900,
        }),
        line({ productName: '跑步指南', goodsCents: 4_800, freightCents: 200, tax: BOOKS }),
      ],
      SHOES,
    );
    expect(items.map((i) => [i.name, i.quantity, i.amountCents, i.taxRateBp])).toEqual([
      ['*鞋*运动袜', 3, 3_800, 1300],
      ['*图书*跑步指南', 1, 4_800, 900],
      ['*运输服务*运费', 1, 1_000, 1300],
    ]);
    const tax = taxWithin(3_800, 1300) + taxWithin(4_800, 900) + taxWithin(1_000, 1300);
    expect(invoiceTotals(items)).toEqual({
      amountCents: 9_600,
      taxCents: tax,
      netCents: 9_600 - tax,
    });
  });

  it('are none when everything was refunded, and a refund beyond the goods comes off the freight', () => {
    expect(invoiceItems([line({ refundedCents: 29_900 })], SHOES)).toEqual([]);
    expect(invoiceItems([line({ goodsCents: 0 })], SHOES)).toEqual([]);
    const over = invoiceItems(
      [
        line({
          goodsCents: 29_900,
          freightCents: 1_000,
          insuranceCents: 150,
          refundedCents: 30_500,
        }),
      ],
      SHOES,
    );
    expect(over.map((i) => [i.name, i.amountCents])).toEqual([
      ['*运输服务*运费', 400],
      ['*保险服务*退货运费险', 150],
    ]);
    expect(
      invoiceItems(
        [line({ freightCents: 1_000, insuranceCents: 150, refundedCents: 40_000 })],
        SHOES,
      ),
    ).toEqual([]);
  });

  it('turn negative, item for item, on the red letter that reverses them', () => {
    const blue = invoiceItems(
      [
        line({ freightCents: 1_000 }),
        line({ productName: '跑步指南', tax: BOOKS, goodsCents: 4_800 }),
      ],
      SHOES,
    );
    const red = reversedItems(blue);
    expect(red.map((i) => [i.quantity, i.amountCents, i.taxCents])).toEqual(
      blue.map((i) => [-i.quantity, -i.amountCents, -i.taxCents]),
    );
    expect(invoiceTotals([...blue, ...red])).toEqual({ amountCents: 0, taxCents: 0, netCents: 0 });
  });

  it('add up to what was paid less what was refunded, whatever the lines', () => {
    const arbitraryLine = fc.record({
      goodsCents: fc.integer({ min: 0, max: 1_000_000 }),
      freightCents: fc.integer({ min: 0, max: 5_000 }),
      insuranceCents: fc.integer({ min: 0, max: 500 }),
      refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
      quantity: fc.integer({ min: 1, max: 9 }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryLine, { minLength: 1, maxLength: 8 }), (raw) => {
        const lines = raw.map((r) =>
          line({ ...r, refundedCents: Math.floor(r.goodsCents * r.refundShare) }),
        );
        const paid = lines.reduce(
          (t, l) => t + l.goodsCents + l.freightCents + l.insuranceCents,
          0,
        );
        const refunded = lines.reduce((t, l) => t + l.refundedCents, 0);
        const items = invoiceItems(lines, SHOES);
        expect(invoiceTotals(items).amountCents).toBe(paid - refunded);
        expect(items.every((i) => i.amountCents > 0 && Math.abs(i.taxCents) <= i.amountCents)).toBe(
          true,
        );
      }),
    );
  });
});
