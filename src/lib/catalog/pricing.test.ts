import { describe, expect, it } from 'vitest';
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
} from './pricing.ts';

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
        { globalAddCents: 500, saleAddCents: 300 },
      ),
    ).toEqual({ priceCents: 20700, marketPriceCents: 20700 });
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
