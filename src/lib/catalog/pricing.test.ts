import { describe, expect, it } from 'vitest';
import { insurancePremium } from '#lib/insurance/rules.ts';
import {
  asNpieceRule,
  clampedMarketPriceCents,
  discountLabel,
  npieceTotalCents,
  allocateCents,
  priceBasket,
  priceLabels,
  ruleLabel,
  sellingPriceCents,
  shopperPrice,
  markupAmounts,
} from './pricing.ts';
import { NO_MARKUP } from './markups.ts';

describe('pricing', () => {
  it('adds the global and the sale markup on the server', () => {
    expect(sellingPriceCents(19900, 500, 300)).toBe(20700);
  });

  it('never shows a market price below the selling price', () => {
    expect(clampedMarketPriceCents(25900, 19900)).toBe(25900);
    expect(clampedMarketPriceCents(19900, 20700)).toBe(20700);
    expect(
      shopperPrice(
        { baseCents: 19900, marketCents: 20000 },
        { global: { cents: 500, bp: 0 }, sale: { cents: 300, bp: 0 } },
      ),
    ).toEqual({ priceCents: 20700, marketPriceCents: 20700 });
  });

  it('adds percentage markups of the base price, each rounded half up to a cent', () => {
    // 10% of ¥199.00 is ¥19.90; 5% of it ¥9.95: both on the base, never compounded.
    expect(
      shopperPrice(
        { baseCents: 19900, marketCents: 25900 },
        { global: { cents: 0, bp: 1000 }, sale: { cents: 0, bp: 500 } },
      ),
    ).toEqual({ priceCents: 19900 + 1990 + 995, marketPriceCents: 25900 });
    // 12.5% of 4 cents is half a cent: up; of 3 cents 0.375: down.
    expect(markupAmounts(4, { global: { cents: 0, bp: 1250 }, sale: NO_MARKUP })).toEqual({
      globalAddCents: 1,
      saleAddCents: 0,
    });
    expect(
      markupAmounts(3, { global: { cents: 0, bp: 1250 }, sale: NO_MARKUP }).globalAddCents,
    ).toBe(0);
    // A fixed global markup with a percentage sale markup.
    expect(
      markupAmounts(9999, { global: { cents: 100, bp: 0 }, sale: { cents: 0, bp: 333 } }),
    ).toEqual({ globalAddCents: 100, saleAddCents: 333 });
  });

  it('labels the discount against the market price', () => {
    expect(discountLabel(3500, 10000)).toBe('3.5折');
    expect(discountLabel(5000, 10000)).toBe('5折');
    expect(discountLabel(10000, 10000)).toBeNull();
    expect(discountLabel(100, 0)).toBeNull();
  });

  it('reads an N件X折 rule only when it is one, and labels and totals it', () => {
    expect(asNpieceRule({ pieces: 3, discountTenths: 7 })).toEqual({
      pieces: 3,
      discountTenths: 7,
    });
    expect(asNpieceRule({ pieces: 3, discountTenths: 10 })).toBeNull();
    expect(asNpieceRule({ pieces: 0, discountTenths: 7 })).toBeNull();
    expect(asNpieceRule({ pieces: 1.5, discountTenths: 7 })).toBeNull();
    expect(asNpieceRule(null)).toBeNull();
    expect(ruleLabel({ pieces: 3, discountTenths: 7 })).toBe('3件7折');
    expect(npieceTotalCents({ pieces: 3, discountTenths: 7 }, [3900, 4900, 5900])).toBe(10290);
  });

  it('labels a card with its discount, then its sale’s rule', () => {
    const rule = { pieces: 2, discountTenths: 8 };
    expect(priceLabels({ priceCents: 5000, marketPriceCents: 10000 }, rule)).toEqual([
      '5折',
      '2件8折',
    ]);
    expect(priceLabels({ priceCents: 10000, marketPriceCents: 10000 }, null)).toEqual([]);
  });
});

describe('allocateCents', () => {
  it('splits in proportion, adding up exactly', () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(1000, [3000, 1000])).toEqual([750, 250]);
    expect(allocateCents(0, [5, 5])).toEqual([0, 0]);
    expect(allocateCents(7, [0, 0])).toEqual([7, 0]);
    expect(allocateCents(5, [])).toEqual([]);
  });
});

describe('priceBasket', () => {
  const freight = { freightCents: 1000, freeOverCents: 9900 };
  const line = (key: string, unitCents: number, quantity: number, sale: string | null = null) => ({
    key,
    saleKey: sale,
    rule: sale === 'n' ? { pieces: 3, discountTenths: 7 } : null,
    unitCents,
    quantity,
  });

  it('charges freight below the threshold and waives it from the threshold on', () => {
    const small = priceBasket([line('a', 4900, 1)], freight);
    expect(small).toMatchObject({ goodsCents: 4900, freightCents: 1000, payCents: 5900 });
    expect(small.lines[0]).toMatchObject({ freightCents: 1000, paidCents: 5900 });
    const big = priceBasket([line('a', 4950, 2)], freight);
    expect(big).toMatchObject({ goodsCents: 9900, freightCents: 0, payCents: 9900 });
  });

  it('charges N件X折 on full groups of N pieces, the dearest first, and shares it by line', () => {
    // 3件7折 over 4 pieces: 5900, 4900, 3900 discounted (10290 for 14700), 1900 at full price.
    const basket = priceBasket(
      [
        line('a', 3900, 1, 'n'),
        line('b', 5900, 1, 'n'),
        line('c', 4900, 1, 'n'),
        line('d', 1900, 1, 'n'),
      ],
      freight,
    );
    expect(basket.discountCents).toBe(14700 - 10290);
    expect(basket.lines.find((l) => l.key === 'd')!.promotionCents).toBe(0);
    expect(basket.goodsCents).toBe(16600);
    expect(basket.payCents).toBe(16600 - 4410);
    // Two pieces of a 3件 sale: no discount.
    expect(priceBasket([line('a', 3900, 2, 'n')], freight).discountCents).toBe(0);
  });

  it('keeps each line and the whole adding up: paid = goods - promotion - coupon + freight', () => {
    const basket = priceBasket(
      [line('a', 3333, 2, 'n'), line('b', 1111, 1, 'n'), line('c', 777, 3), line('d', 10, 1)],
      freight,
      500,
    );
    for (const l of basket.lines) {
      expect(l.paidCents).toBe(l.lineCents - l.promotionCents - l.couponCents + l.freightCents);
    }
    expect(basket.couponCents).toBe(500);
    expect(basket.payCents).toBe(
      basket.goodsCents - basket.discountCents - basket.couponCents + basket.freightCents,
    );
  });

  it('never lets a coupon take more than the goods', () => {
    const basket = priceBasket([line('a', 300, 1)], null, 1000);
    expect(basket).toMatchObject({ couponCents: 300, payCents: 0 });
  });
});

describe('priceBasket with a coupon for some lines (couponEligible)', () => {
  const line = (key: string, unitCents: number, couponEligible?: boolean, quantity = 1) => ({
    key,
    saleKey: 'S',
    rule: null,
    unitCents,
    quantity,
    ...(couponEligible === undefined ? {} : { couponEligible }),
  });

  it('shares the coupon only over the eligible lines, by their goods; the others get 0', () => {
    const basket = priceBasket(
      [line('a', 10_000, true), line('b', 5_000, false), line('c', 30_000, true)],
      null,
      2000,
    );
    expect(basket.lines.map((l) => l.couponCents)).toEqual([500, 0, 1500]);
    expect(basket.lines.map((l) => l.paidCents)).toEqual([9_500, 5_000, 28_500]);
    expect(basket).toMatchObject({ goodsCents: 45_000, couponCents: 2000, payCents: 43_000 });
  });

  it('treats a line without the flag as eligible', () => {
    const basket = priceBasket([line('a', 10_000), line('b', 10_000, false)], null, 1000);
    expect(basket.lines.map((l) => l.couponCents)).toEqual([1000, 0]);
  });

  it('shares in whole cents that add up to the coupon (largest remainder)', () => {
    const basket = priceBasket(
      [
        line('a', 1_000, true),
        line('b', 99_999, false),
        line('c', 1_000, true),
        line('d', 1_000, true),
      ],
      null,
      1000,
    );
    expect(basket.lines.map((l) => l.couponCents)).toEqual([334, 0, 333, 333]);
    expect(basket.couponCents).toBe(1000);
  });

  it('weighs the eligible lines after their N件X折 promotion', () => {
    const rule = { pieces: 2, discountTenths: 5 };
    const basket = priceBasket(
      [
        { key: 'n', saleKey: 'N', rule, unitCents: 10_000, quantity: 2, couponEligible: true },
        {
          key: 'x',
          saleKey: 'X',
          rule: null,
          unitCents: 10_000,
          quantity: 1,
          couponEligible: true,
        },
      ],
      null,
      3000,
    );
    // n: 20000 - 10000 promotion = 10000 left; x: 10000 → half each.
    expect(basket.lines.map((l) => [l.promotionCents, l.couponCents])).toEqual([
      [10_000, 1500],
      [0, 1500],
    ]);
  });

  it('caps the coupon at the eligible lines’ goods, not the whole basket’s', () => {
    const basket = priceBasket(
      [line('a', 1_000, true), line('b', 50_000, false), line('c', 500, true)],
      null,
      5_000,
    );
    expect(basket.lines.map((l) => l.couponCents)).toEqual([1_000, 0, 500]);
    expect(basket.lines.map((l) => l.paidCents)).toEqual([0, 50_000, 0]);
    expect(basket).toMatchObject({ couponCents: 1_500, payCents: 50_000 });
  });

  it('takes nothing when no line is eligible', () => {
    const basket = priceBasket([line('a', 10_000, false), line('b', 5_000, false)], null, 2000);
    expect(basket.lines.map((l) => l.couponCents)).toEqual([0, 0]);
    expect(basket).toMatchObject({ couponCents: 0, payCents: 15_000 });
  });

  it('waives freight on the goods after the coupon, shared over what each line still pays', () => {
    const freight = { freightCents: 1000, freeOverCents: 9900 };
    // 100.00 of goods, 2.00 coupon on a: 98.00 is below 99.00, so freight is charged.
    const basket = priceBasket([line('a', 5_000, true), line('b', 5_000, false)], freight, 200);
    expect(basket.lines.map((l) => [l.couponCents, l.freightCents])).toEqual([
      [200, 490],
      [0, 510],
    ]);
    expect(basket).toMatchObject({ couponCents: 200, freightCents: 1000, payCents: 10_800 });
    for (const l of basket.lines) {
      expect(l.paidCents).toBe(l.lineCents - l.promotionCents - l.couponCents + l.freightCents);
    }
  });
});

describe('priceBasket insured: one premium per sale, on its goods after promotion and coupon', () => {
  const freight = { freightCents: 1000, freeOverCents: 99_900 };
  const line = (
    key: string,
    unitCents: number,
    quantity: number,
    sale: string | null,
    insurable?: boolean,
  ) => ({
    key,
    saleKey: sale,
    rule: sale === 'n' ? { pieces: 3, discountTenths: 7 } : null,
    unitCents,
    quantity,
    ...(insurable === undefined ? {} : { insurable }),
  });
  const insuranceOf = (basket: ReturnType<typeof priceBasket>) =>
    Object.fromEntries(basket.lines.map((l) => [l.key, l.insuranceCents]));

  it('charges each sale its own premium, shared over its lines by their goods', () => {
    // Sale x: 40.00 + 2 × 30.00 = 100.00 → 1.50 (shared 40:60); sale y: 50.00 → 0.80.
    const basket = priceBasket(
      [line('a', 4000, 1, 'x'), line('b', 3000, 2, 'x'), line('c', 5000, 1, 'y')],
      freight,
      0,
      true,
    );
    expect(insuranceOf(basket)).toEqual({ a: 60, b: 90, c: 80 });
    expect(basket.lines.map((l) => [l.key, l.freightCents, l.paidCents])).toEqual([
      ['a', 267, 4000 + 267 + 60],
      ['b', 400, 6000 + 400 + 90],
      ['c', 333, 5000 + 333 + 80],
    ]);
    expect(basket).toMatchObject({
      goodsCents: 15_000,
      discountCents: 0,
      couponCents: 0,
      freightCents: 1000,
      insuranceCents: 230,
      payCents: 15_000 + 1000 + 230,
    });
  });

  it('keeps every line and the whole adding up, each sale’s shares summing to its premium', () => {
    const lines = [
      line('n1', 3333, 2, 'n'),
      line('n2', 1111, 2, 'n'),
      line('x1', 777, 3, 'x'),
      line('x2', 10, 1, 'x'),
      line('x3', 19_999, 1, 'x'),
      line('o1', 2500, 1, null),
      line('z1', 1000, 1, 'z'),
      line('z2', 1000, 1, 'z'),
      line('z3', 1000, 1, 'z'),
    ];
    const basket = priceBasket(lines, freight, 700, true);
    for (const l of basket.lines) {
      expect(l.paidCents).toBe(
        l.lineCents - l.promotionCents - l.couponCents + l.freightCents + l.insuranceCents,
      );
    }
    for (const sale of ['n', 'x', 'z', null]) {
      const own = basket.lines.filter((_, i) => lines[i]!.saleKey === sale);
      const goods = own.reduce((t, l) => t + l.lineCents - l.promotionCents - l.couponCents, 0);
      expect(own.reduce((t, l) => t + l.insuranceCents, 0)).toBe(insurancePremium(goods));
    }
    // Three equal lines share 0.80 as 27, 27, 26.
    expect(basket.lines.slice(6).map((l) => l.insuranceCents)).toEqual([27, 27, 26]);
    expect(basket.couponCents).toBe(700);
    expect(basket.insuranceCents).toBe(basket.lines.reduce((t, l) => t + l.insuranceCents, 0));
    expect(basket.payCents).toBe(
      basket.goodsCents -
        basket.discountCents -
        basket.couponCents +
        basket.freightCents +
        basket.insuranceCents,
    );
  });

  it('treats the lines of no sale as one order with one premium', () => {
    // 60.00 + 50.00 = 110.00 → one premium of 1.50, not two of 0.80.
    const basket = priceBasket(
      [line('a', 6000, 1, null), line('b', 5000, 1, null)],
      freight,
      0,
      true,
    );
    expect(insuranceOf(basket)).toEqual({ a: 82, b: 68 });
    expect(basket.insuranceCents).toBe(150);
  });

  it('bands the premium on the goods after the N件X折 promotion', () => {
    // 3 × 40.00 = 120.00 of goods, 84.00 after 3件7折: the band below 100.00.
    const basket = priceBasket([line('a', 4000, 3, 'n')], freight, 0, true);
    expect(basket.lines[0]).toMatchObject({
      lineCents: 12_000,
      promotionCents: 3600,
      insuranceCents: 80,
      paidCents: 12_000 - 3600 + 1000 + 80,
    });
  });

  it('charges no premium to a sale with an uninsurable line, and its own to the other sale', () => {
    const basket = priceBasket(
      [line('a', 4000, 1, 'x', false), line('b', 9000, 1, 'x'), line('c', 5000, 1, 'y', true)],
      freight,
      0,
      true,
    );
    expect(insuranceOf(basket)).toEqual({ a: 0, b: 0, c: 80 });
    expect(basket.insuranceCents).toBe(80);
    expect(basket.payCents).toBe(18_000 + 1000 + 80);
    // Every sale uninsurable: nothing at all.
    const none = priceBasket([line('a', 4000, 1, 'x', false)], freight, 0, true);
    expect(none).toMatchObject({ insuranceCents: 0, payCents: 5000 });
  });

  it('bands the premium on the goods after the coupon', () => {
    const one = (coupon: number) =>
      priceBasket([line('a', 10_000, 1, 'x')], freight, coupon, true).lines[0]!;
    expect(one(0)).toMatchObject({ insuranceCents: 150, paidCents: 10_000 + 1000 + 150 });
    expect(one(1)).toMatchObject({
      couponCents: 1,
      insuranceCents: 80,
      paidCents: 9_999 + 1000 + 80,
    });
    // The coupon is shared 1:2; 100.00 − 1.00 falls a band, 200.00 − 2.00 does not.
    const two = (coupon: number) =>
      priceBasket([line('a', 10_000, 1, 'x'), line('c', 20_000, 1, 'y')], freight, coupon, true);
    expect(insuranceOf(two(0))).toEqual({ a: 150, c: 150 });
    const withCoupon = two(300);
    expect(withCoupon.lines.map((l) => l.couponCents)).toEqual([100, 200]);
    expect(insuranceOf(withCoupon)).toEqual({ a: 80, c: 150 });
    expect(withCoupon.payCents).toBe(30_000 - 300 + 1000 + 230);
    // A coupon taking all the goods leaves nothing to insure.
    expect(priceBasket([line('a', 300, 1, 'x')], null, 1000, true)).toMatchObject({
      insuranceCents: 0,
      payCents: 0,
    });
  });

  it('charges no premium when not insured', () => {
    const lines = [line('a', 4000, 1, 'x'), line('b', 3000, 2, 'x'), line('c', 5000, 1, 'y')];
    const uninsured = priceBasket(lines, freight, 200, false);
    expect(uninsured.insuranceCents).toBe(0);
    expect(uninsured.lines.map((l) => l.insuranceCents)).toEqual([0, 0, 0]);
    expect(uninsured.payCents).toBe(15_000 - 200 + 1000);
    expect(priceBasket(lines, freight, 200)).toEqual(uninsured);
    expect(priceBasket([], freight, 0, true)).toMatchObject({ insuranceCents: 0, payCents: 0 });
  });
});
