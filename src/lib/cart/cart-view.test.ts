import { describe, expect, it } from 'vitest';
import { priceBasket } from '#lib/catalog/pricing.ts';
import {
  InvalidReason,
  NO_SALE_TITLE,
  buildCartView,
  isEmptyCart,
  selectedLines,
  skuText,
  type CartRow,
} from './cart-view.ts';

const NOW = new Date('2026-11-21T04:00:00Z');
const HOUR = 3_600_000;
const running = { startAt: new Date(NOW.getTime() - HOUR), endAt: new Date(NOW.getTime() + HOUR) };

const brandSale = {
  activityNo: 'A1',
  title: '森野 户外特卖',
  rule: null,
  ...running,
  published: true,
};
const npieceSale = {
  activityNo: 'A2',
  title: '家居日用 3件7折',
  rule: { pieces: 3, discountTenths: 7 },
  ...running,
  published: true,
};

let serial = 0;
function row(overrides: Partial<CartRow> = {}): CartRow {
  serial += 1;
  return {
    skuNo: `P${serial}-01`,
    productNo: `P${serial}`,
    name: `商品${serial}`,
    color: '黑色',
    size: 'M',
    imageUrl: `/img/${serial}?w=400`,
    priceCents: 10_000,
    marketPriceCents: 20_000,
    quantity: 1,
    stock: 10,
    selected: true,
    productPublished: true,
    sale: brandSale,
    ...overrides,
  };
}

describe('the cart read model', () => {
  it('groups lines by sale in the order first met, with the rule label and end time', () => {
    const a = row();
    const b = row({ sale: npieceSale });
    const c = row();
    const d = row({ sale: null });
    const view = buildCartView([a, b, c, d], NOW);
    expect(view.groups.map((g) => [g.activityNo, g.title, g.ruleLabel])).toEqual([
      ['A1', '森野 户外特卖', null],
      ['A2', '家居日用 3件7折', '3件7折'],
      [null, NO_SALE_TITLE, null],
    ]);
    expect(view.groups[0]!.lines.map((l) => l.skuNo)).toEqual([a.skuNo, c.skuNo]);
    expect(view.groups[0]!.endsAt).toBe(running.endAt.toISOString());
    expect(view.groups[2]!.endsAt).toBeNull();
    expect(view.groups[0]!.lines[0]).toMatchObject({
      skuText: '黑色 / M',
      imageUrl: a.imageUrl,
      priceCents: 10_000,
      marketPriceCents: 20_000,
      maxQuantity: 10,
      selected: true,
    });
  });

  it('caps what a line may hold at min(stock, 99)', () => {
    const view = buildCartView([row({ stock: 500 }), row({ stock: 3, quantity: 5 })], NOW);
    expect(view.groups[0]!.lines.map((l) => [l.maxQuantity, l.quantity])).toEqual([
      [99, 1],
      [3, 5],
    ]);
  });

  it('puts lines that can no longer be bought apart, with the reason, never selected nor totalled', () => {
    const ended = {
      ...brandSale,
      activityNo: 'A9',
      startAt: new Date(NOW.getTime() - 2 * HOUR),
      endAt: NOW,
    };
    const upcoming = {
      ...brandSale,
      activityNo: 'A8',
      startAt: new Date(NOW.getTime() + HOUR),
      endAt: new Date(NOW.getTime() + 2 * HOUR),
    };
    const rows = [
      row({ stock: 0 }),
      row({ sale: ended, stock: 0 }),
      row({ productPublished: false, sale: ended }),
      row({ sale: { ...brandSale, published: false } }),
      row({ sale: upcoming }),
      row({ quantity: 2 }),
    ];
    const view = buildCartView(rows, NOW);
    expect(view.invalid.map((l) => l.reason)).toEqual([
      InvalidReason.SoldOut,
      InvalidReason.SaleEnded,
      InvalidReason.ProductGone,
      InvalidReason.ProductGone,
      InvalidReason.SaleNotStarted,
    ]);
    expect(view.invalid[0]).not.toHaveProperty('selected');
    expect(view.groups).toHaveLength(1);
    expect(view.totals).toMatchObject({ pieces: 2, lines: 1, goodsCents: 20_000 });
    // The badge counts every piece in the cart.
    expect(view.cartSkuNum).toBe(7);
    expect(view.allSelected).toBe(true);
  });

  it('totals the selected lines: N件X折 charged on full groups and shared over the lines', () => {
    const towel = row({ sale: npieceSale, priceCents: 3_000, quantity: 2 });
    const box = row({ sale: npieceSale, priceCents: 5_000, quantity: 2 });
    const other = row({ priceCents: 9_900 });
    const unselected = row({ priceCents: 100_000, selected: false });
    const view = buildCartView([towel, box, other, unselected], NOW);
    // 4 pieces of the 3件7折 sale: the dearest 3 (50+50+30) at 70 %, the fourth at full price.
    const discount = 13_000 - 9_100;
    expect(view.totals).toEqual({
      pieces: 5,
      lines: 3,
      goodsCents: 6_000 + 10_000 + 9_900,
      discountCents: discount,
      amountCents: 6_000 + 10_000 + 9_900 - discount,
    });
    // The same numbers as the one basket price the order will use.
    const basket = priceBasket(
      [towel, box, other].map((r) => ({
        key: r.skuNo,
        saleKey: r.sale!.activityNo,
        rule: r.sale!.rule,
        unitCents: r.priceCents,
        quantity: r.quantity,
      })),
      null,
    );
    expect(view.totals.amountCents).toBe(basket.payCents);
    expect(view.allSelected).toBe(false);
    expect(view.groups.map((g) => g.allSelected)).toEqual([true, false]);
    expect(selectedLines(view).map((l) => l.skuNo)).toEqual([towel.skuNo, box.skuNo, other.skuNo]);
  });

  it('charges no promotion below a full group', () => {
    const view = buildCartView(
      [row({ sale: npieceSale, quantity: 1 }), row({ sale: npieceSale, quantity: 1 })],
      NOW,
    );
    expect(view.totals.discountCents).toBe(0);
    expect(view.totals.amountCents).toBe(20_000);
  });

  it('is empty with no lines, and names a SKU by what it has', () => {
    const view = buildCartView([], NOW);
    expect(isEmptyCart(view)).toBe(true);
    expect(view).toMatchObject({ allSelected: false, cartSkuNum: 0, totals: { amountCents: 0 } });
    expect(isEmptyCart(buildCartView([row({ stock: 0 })], NOW))).toBe(false);
    expect([skuText('红色', ''), skuText('', '均码'), skuText('', '')]).toEqual([
      '红色',
      '均码',
      '',
    ]);
  });
});
