import { describe, expect, it } from 'vitest';
import {
  asNpieceRule,
  clampedMarketPriceCents,
  discountLabel,
  npieceTotalCents,
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
