import { describe, expect, it } from 'vitest';
import {
  bestCoupon,
  centerState,
  couponCondition,
  couponFace,
  couponOff,
  CouponRefusals,
  fitCoupon,
  inScope,
  validityOf,
  type CouponRules,
} from './rules.ts';
import { checkoutCoupons } from './checkout.ts';
import { priceBasket } from '#lib/catalog/pricing.ts';

const reduce: CouponRules = {
  name: '满199减20',
  description: '',
  kind: 'reduce',
  amountCents: 2000,
  thresholdCents: 19_900,
  discountRate: null,
  maxDiscountCents: null,
  scope: 'shop',
  scopeRef: null,
};
const discount: CouponRules = {
  ...reduce,
  name: '88折',
  kind: 'discount',
  amountCents: 0,
  thresholdCents: 10_000,
  discountRate: 88,
  maxDiscountCents: 3000,
};
const NOW = new Date('2026-11-23T10:00:00Z');
const held = (
  rules: CouponRules,
  extra: Partial<{ validFrom: Date; validTo: Date; unused: boolean }> = {},
) => ({
  rules,
  validFrom: new Date(NOW.getTime() - 1000),
  validTo: new Date(NOW.getTime() + 86_400_000),
  unused: true,
  ...extra,
});
const line = (
  goodsCents: number,
  extra: Partial<{ brandId: number; activityNo: string; productNo: string }> = {},
) => ({
  brandId: 7,
  activityNo: 'A1',
  productNo: 'P1',
  goodsCents,
  ...extra,
});

describe('couponOff', () => {
  it('takes the amount from the threshold on, never more than the goods', () => {
    expect(couponOff(reduce, 19_899)).toBe(0);
    expect(couponOff(reduce, 19_900)).toBe(2000);
    expect(couponOff({ ...reduce, thresholdCents: 0 }, 1500)).toBe(1500);
  });
  it('a discount takes the unpaid percentage, rounded down, up to its cap', () => {
    expect(couponOff(discount, 9999)).toBe(0);
    expect(couponOff(discount, 10_001)).toBe(1200); // 10001 × 12% = 1200.12
    expect(couponOff(discount, 100_000)).toBe(3000);
  });
});

describe('scope and fit', () => {
  it('matches each scope by its reference', () => {
    expect(inScope({ scope: 'brand', scopeRef: '7' }, line(1))).toBe(true);
    expect(inScope({ scope: 'brand', scopeRef: '8' }, line(1))).toBe(false);
    expect(inScope({ scope: 'activity', scopeRef: 'A1' }, line(1))).toBe(true);
    expect(inScope({ scope: 'product', scopeRef: 'P2' }, line(1))).toBe(false);
  });
  it('weighs only the lines in scope and says why a coupon cannot be used, in order', () => {
    const brand = { ...reduce, scope: 'brand' as const, scopeRef: '7' };
    const fit = fitCoupon(held(brand), [line(15_000), line(9_000, { brandId: 8 })], NOW);
    expect(fit).toMatchObject({
      refusal: CouponRefusals.BELOW_THRESHOLD,
      eligible: [true, false],
      eligibleCents: 15_000,
      offCents: 0,
    });
    expect(fitCoupon(held(reduce), [line(15_000), line(9_000)], NOW)).toMatchObject({
      refusal: null,
      offCents: 2000,
    });
    expect(fitCoupon(held(reduce, { unused: false }), [line(30_000)], NOW).refusal).toBe(
      '优惠券已使用',
    );
    expect(fitCoupon(held(reduce, { validTo: NOW }), [line(30_000)], NOW).refusal).toBe(
      '优惠券已过期',
    );
    expect(
      fitCoupon(held(reduce, { validFrom: new Date(NOW.getTime() + 1) }), [line(30_000)], NOW)
        .refusal,
    ).toBe('优惠券未到使用时间');
    expect(
      fitCoupon(held({ ...reduce, scope: 'product', scopeRef: 'X' }), [line(30_000)], NOW).refusal,
    ).toBe('订单中没有可使用此券的商品');
  });
  it('the best is the most off, then the first to expire', () => {
    const soon = new Date(NOW.getTime() + 1000);
    const later = new Date(NOW.getTime() + 5000);
    const fit = (offCents: number) => ({ refusal: null, eligible: [], eligibleCents: 0, offCents });
    expect(
      bestCoupon([
        { id: 1, validTo: later, fit: fit(1000) },
        { id: 2, validTo: later, fit: fit(2000) },
      ])?.id,
    ).toBe(2);
    expect(
      bestCoupon([
        { id: 1, validTo: later, fit: fit(1000) },
        { id: 2, validTo: soon, fit: fit(1000) },
      ])?.id,
    ).toBe(2);
    expect(bestCoupon([{ id: 1, validTo: later, fit: { ...fit(0), refusal: 'x' } }])).toBeNull();
  });
  it('checkoutCoupons: the best by default, none when asked, the reason for one that cannot be used', () => {
    const coupons = [
      { id: 1, ...held(reduce) },
      { id: 2, ...held(discount) },
    ];
    const lines = [line(25_000)];
    expect(checkoutCoupons(coupons, lines, undefined, NOW).selected?.userCouponId).toBe(2); // 3000 > 2000
    expect(checkoutCoupons(coupons, lines, null, NOW).selected).toBeNull();
    expect(checkoutCoupons(coupons, lines, 1, NOW).selected?.offCents).toBe(2000);
    expect(checkoutCoupons(coupons, [line(15_000)], 1, NOW).refused).toBe('未达到优惠券使用门槛');
    expect(checkoutCoupons(coupons, lines, 9, NOW).refused).toBe('优惠券不存在');
  });
});

describe('how a coupon reads', () => {
  it('face and condition', () => {
    expect(couponFace(reduce)).toBe('¥20.00');
    expect(couponFace(discount)).toBe('8.8折');
    expect(couponFace({ ...discount, discountRate: 90 })).toBe('9折');
    expect(couponCondition(reduce)).toBe('满199减20');
    expect(couponCondition({ ...reduce, thresholdCents: 0, amountCents: 1500 })).toBe('无门槛减15');
    expect(couponCondition(discount)).toBe('满100享8.8折 最高减30');
  });
  it('the centre button', () => {
    const base = { issued: 5, total: 10, perUserLimit: 1, claimedByMe: 0, unusedByMe: 0 };
    expect(centerState(base)).toBe('draw');
    expect(centerState({ ...base, claimedByMe: 1, unusedByMe: 1 })).toBe('use');
    expect(centerState({ ...base, claimedByMe: 1 })).toBe('claimed');
    expect(centerState({ ...base, issued: 10 })).toBe('soldOut');
  });
  it('validity: N days from the claim, or the fixed window', () => {
    expect(validityOf({ validFrom: null, validTo: null, validDays: 3 }, NOW)).toEqual({
      validFrom: NOW,
      validTo: new Date('2026-11-26T10:00:00Z'),
    });
    const from = new Date('2026-12-01T00:00:00Z');
    const to = new Date('2026-12-31T00:00:00Z');
    expect(validityOf({ validFrom: from, validTo: to, validDays: null }, NOW)).toEqual({
      validFrom: from,
      validTo: to,
    });
  });
});

describe('the coupon in the basket', () => {
  it('is shared only over the lines it applies to, and never more than their goods', () => {
    const lines = [
      { key: 'a', saleKey: 'S', rule: null, unitCents: 10_000, quantity: 1, couponEligible: true },
      { key: 'b', saleKey: 'S', rule: null, unitCents: 5_000, quantity: 1, couponEligible: false },
      { key: 'c', saleKey: 'S', rule: null, unitCents: 30_000, quantity: 1, couponEligible: true },
    ];
    const priced = priceBasket(lines, null, 2000);
    expect(priced.lines.map((l) => l.couponCents)).toEqual([500, 0, 1500]);
    expect(priced.couponCents).toBe(2000);
    const capped = priceBasket(lines, null, 100_000);
    expect(capped.lines.map((l) => l.couponCents)).toEqual([10_000, 0, 30_000]);
  });
});
