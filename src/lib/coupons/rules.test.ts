import { describe, expect, it } from 'vitest';
import {
  bestCoupon,
  CENTER_STATE_TEXT,
  centerState,
  couponCondition,
  couponFace,
  couponOff,
  CouponRefusals,
  couponScopeText,
  fitCoupon,
  inScope,
  validityOf,
  validityText,
  type CouponFit,
  type CouponRules,
} from './rules.ts';

/** 满199减20, shop-wide. */
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
/** 满100享8.8折 最高减30, shop-wide. */
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
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const held = (
  rules: CouponRules,
  extra: Partial<{ validFrom: Date; validTo: Date; unused: boolean }> = {},
) => ({ rules, validFrom: at(-1000), validTo: at(86_400_000), unused: true, ...extra });
const line = (
  goodsCents: number,
  extra: Partial<{ brandId: number | null; activityNo: string | null; productNo: string }> = {},
) => ({ brandId: 7, activityNo: 'A1', productNo: 'P1', goodsCents, ...extra });

describe('inScope', () => {
  it('shop: every line, even one of no brand and no sale', () => {
    const shop = { scope: 'shop' as const, scopeRef: null };
    expect(inScope(shop, line(1))).toBe(true);
    expect(inScope(shop, line(1, { brandId: null, activityNo: null }))).toBe(true);
  });
  it('brand: the line’s brand id as text', () => {
    expect(inScope({ scope: 'brand', scopeRef: '7' }, line(1))).toBe(true);
    expect(inScope({ scope: 'brand', scopeRef: '8' }, line(1))).toBe(false);
    expect(inScope({ scope: 'brand', scopeRef: '7' }, line(1, { brandId: 70 }))).toBe(false);
    expect(inScope({ scope: 'brand', scopeRef: '7' }, line(1, { brandId: null }))).toBe(false);
    expect(inScope({ scope: 'brand', scopeRef: null }, line(1))).toBe(false);
  });
  it('activity: the line’s sale number', () => {
    expect(inScope({ scope: 'activity', scopeRef: 'A1' }, line(1))).toBe(true);
    expect(inScope({ scope: 'activity', scopeRef: 'A2' }, line(1))).toBe(false);
    expect(inScope({ scope: 'activity', scopeRef: 'A1' }, line(1, { activityNo: null }))).toBe(
      false,
    );
    expect(inScope({ scope: 'activity', scopeRef: null }, line(1, { activityNo: null }))).toBe(
      false,
    );
  });
  it('product: the line’s product number', () => {
    expect(inScope({ scope: 'product', scopeRef: 'P1' }, line(1))).toBe(true);
    expect(inScope({ scope: 'product', scopeRef: 'P2' }, line(1))).toBe(false);
    expect(inScope({ scope: 'product', scopeRef: null }, line(1))).toBe(false);
  });
});

describe('couponOff', () => {
  it('reduce: the amount from the threshold on (inclusive), never more than the goods', () => {
    expect(couponOff(reduce, 19_899)).toBe(0);
    expect(couponOff(reduce, 19_900)).toBe(2000);
    expect(couponOff(reduce, 1_000_000)).toBe(2000);
    const free = { ...reduce, thresholdCents: 0, amountCents: 1500 };
    expect(couponOff(free, 1500)).toBe(1500);
    expect(couponOff(free, 1000)).toBe(1000);
    expect(couponOff(free, 1)).toBe(1);
  });
  it('nothing off nothing, even without a threshold', () => {
    expect(couponOff({ ...reduce, thresholdCents: 0 }, 0)).toBe(0);
    expect(couponOff({ ...reduce, thresholdCents: 0 }, -100)).toBe(0);
    expect(couponOff({ ...discount, thresholdCents: 0 }, 0)).toBe(0);
  });
  it('discount: the unpaid percentage rounded down, from the threshold on, up to its cap', () => {
    expect(couponOff(discount, 9999)).toBe(0);
    expect(couponOff(discount, 10_000)).toBe(1200);
    expect(couponOff(discount, 10_001)).toBe(1200); // 1200.12
    expect(couponOff(discount, 10_008)).toBe(1200); // 1200.96, down not to nearest
    expect(couponOff(discount, 10_009)).toBe(1201); // 1201.08
    expect(couponOff(discount, 24_999)).toBe(2999); // 2999.88
    expect(couponOff(discount, 25_000)).toBe(3000); // exactly the cap
    expect(couponOff(discount, 25_009)).toBe(3000); // 3001.08 capped
    expect(couponOff(discount, 100_000)).toBe(3000);
  });
  it('a discount on a few cents may round to nothing', () => {
    const free85 = { ...discount, thresholdCents: 0, discountRate: 85 };
    expect(couponOff(free85, 6)).toBe(0); // 0.9
    expect(couponOff(free85, 7)).toBe(1); // 1.05
  });
});

describe('fitCoupon', () => {
  it('weighs only the lines in scope', () => {
    const brand = { ...reduce, scope: 'brand' as const, scopeRef: '7' };
    const lines = [line(15_000), line(9_000, { brandId: 8 }), line(6_000)];
    expect(fitCoupon(held(brand), lines, NOW)).toEqual({
      refusal: null,
      eligible: [true, false, true],
      eligibleCents: 21_000,
      offCents: 2000,
    });
    expect(fitCoupon(held(brand), lines.slice(0, 2), NOW)).toEqual({
      refusal: CouponRefusals.BELOW_THRESHOLD,
      eligible: [true, false],
      eligibleCents: 15_000,
      offCents: 0,
    });
  });
  it('a shop coupon over all lines, below and at the threshold', () => {
    expect(fitCoupon(held(reduce), [line(10_000), line(9_899)], NOW)).toEqual({
      refusal: '未达到优惠券使用门槛',
      eligible: [true, true],
      eligibleCents: 19_899,
      offCents: 0,
    });
    expect(fitCoupon(held(reduce), [line(10_000), line(9_900)], NOW)).toEqual({
      refusal: null,
      eligible: [true, true],
      eligibleCents: 19_900,
      offCents: 2000,
    });
  });
  it('says each refusal in its words', () => {
    expect(CouponRefusals).toEqual({
      USED: '优惠券已使用',
      EXPIRED: '优惠券已过期',
      NOT_YET: '优惠券未到使用时间',
      OUT_OF_SCOPE: '订单中没有可使用此券的商品',
      BELOW_THRESHOLD: '未达到优惠券使用门槛',
    });
    const rich = [line(30_000)];
    const refusal = (c: ReturnType<typeof held>, lines = rich) => fitCoupon(c, lines, NOW).refusal;
    expect(refusal(held(reduce, { unused: false }))).toBe('优惠券已使用');
    expect(refusal(held(reduce, { validTo: NOW }))).toBe('优惠券已过期');
    expect(refusal(held(reduce, { validTo: at(-1) }))).toBe('优惠券已过期');
    expect(refusal(held(reduce, { validTo: at(1) }))).toBeNull();
    expect(refusal(held(reduce, { validFrom: at(1) }))).toBe('优惠券未到使用时间');
    expect(refusal(held(reduce, { validFrom: NOW }))).toBeNull();
    expect(refusal(held({ ...reduce, scope: 'product', scopeRef: 'X' }))).toBe(
      '订单中没有可使用此券的商品',
    );
    expect(refusal(held(reduce), [line(100)])).toBe('未达到优惠券使用门槛');
    expect(refusal(held(reduce), [])).toBe('订单中没有可使用此券的商品');
  });
  it('refusals in order: used, expired, not yet, out of scope, below threshold', () => {
    const nowhere = { ...reduce, scope: 'product' as const, scopeRef: 'X' };
    const poor = [line(100)];
    const refusal = (c: ReturnType<typeof held>) => fitCoupon(c, poor, NOW).refusal;
    // Every condition fails: used comes first.
    expect(refusal(held(nowhere, { unused: false, validTo: at(-1), validFrom: at(1) }))).toBe(
      '优惠券已使用',
    );
    expect(refusal(held(nowhere, { validTo: at(-1), validFrom: at(1) }))).toBe('优惠券已过期');
    expect(refusal(held(nowhere, { validFrom: at(1) }))).toBe('优惠券未到使用时间');
    expect(refusal(held(nowhere))).toBe('订单中没有可使用此券的商品');
    expect(refusal(held(reduce))).toBe('未达到优惠券使用门槛');
  });
  it('a refused coupon takes nothing off, though it still says what it would weigh', () => {
    expect(fitCoupon(held(reduce, { unused: false }), [line(30_000)], NOW)).toEqual({
      refusal: '优惠券已使用',
      eligible: [true],
      eligibleCents: 30_000,
      offCents: 0,
    });
  });
  it('a discount rounding to nothing is below its threshold', () => {
    const free85 = { ...discount, thresholdCents: 0, discountRate: 85 };
    expect(fitCoupon(held(free85), [line(6)], NOW).refusal).toBe('未达到优惠券使用门槛');
    expect(fitCoupon(held(free85), [line(7)], NOW)).toMatchObject({ refusal: null, offCents: 1 });
  });
});

describe('bestCoupon', () => {
  const soon = at(1000);
  const later = at(5000);
  const fit = (offCents: number, refusal: string | null = null): CouponFit => ({
    refusal,
    eligible: [],
    eligibleCents: 0,
    offCents,
  });
  it('the most off', () => {
    expect(
      bestCoupon([
        { id: 1, validTo: soon, fit: fit(1000) },
        { id: 2, validTo: later, fit: fit(2000) },
        { id: 3, validTo: later, fit: fit(1999) },
      ])?.id,
    ).toBe(2);
  });
  it('on equal amounts, the first to expire', () => {
    expect(
      bestCoupon([
        { id: 1, validTo: later, fit: fit(1000) },
        { id: 2, validTo: soon, fit: fit(1000) },
      ])?.id,
    ).toBe(2);
  });
  it('on equal amounts and expiry, the earliest claimed (lowest id), whatever the order', () => {
    expect(
      bestCoupon([
        { id: 9, validTo: soon, fit: fit(1000) },
        { id: 4, validTo: soon, fit: fit(1000) },
        { id: 6, validTo: soon, fit: fit(1000) },
      ])?.id,
    ).toBe(4);
  });
  it('never an unusable one, however much it would take; null when none is usable', () => {
    expect(
      bestCoupon([
        { id: 1, validTo: later, fit: fit(9000, '优惠券已过期') },
        { id: 2, validTo: later, fit: fit(100) },
      ])?.id,
    ).toBe(2);
    expect(bestCoupon([{ id: 1, validTo: later, fit: fit(0, 'x') }])).toBeNull();
    expect(bestCoupon([])).toBeNull();
  });
  it('leaves the list it is given as it was', () => {
    const list = [
      { id: 1, validTo: later, fit: fit(1000) },
      { id: 2, validTo: later, fit: fit(2000) },
    ];
    bestCoupon(list);
    expect(list.map((c) => c.id)).toEqual([1, 2]);
  });
});

describe('how a coupon reads', () => {
  it('face: the amount in yuan, or the discount in tenths', () => {
    expect(couponFace(reduce)).toBe('¥20.00');
    expect(couponFace({ ...reduce, amountCents: 1550 })).toBe('¥15.50');
    expect(couponFace(discount)).toBe('8.8折');
    expect(couponFace({ ...discount, discountRate: 85 })).toBe('8.5折');
    expect(couponFace({ ...discount, discountRate: 90 })).toBe('9折');
    expect(couponFace({ ...discount, discountRate: 95 })).toBe('9.5折');
    expect(couponFace({ ...discount, discountRate: 10 })).toBe('1折');
    expect(couponFace({ ...discount, discountRate: 5 })).toBe('0.5折');
  });
  it('condition: 满X减Y, 无门槛减Y, 满X享Z折 最高减W, 无门槛享Z折 最高减W', () => {
    expect(couponCondition(reduce)).toBe('满199减20');
    expect(couponCondition({ ...reduce, thresholdCents: 0, amountCents: 1500 })).toBe('无门槛减15');
    expect(couponCondition(discount)).toBe('满100享8.8折 最高减30');
    expect(
      couponCondition({
        ...discount,
        thresholdCents: 39_900,
        discountRate: 85,
        maxDiscountCents: 5000,
      }),
    ).toBe('满399享8.5折 最高减50');
    expect(couponCondition({ ...discount, thresholdCents: 0, discountRate: 90 })).toBe(
      '无门槛享9折 最高减30',
    );
    // Whole yuan lose their .00; other amounts keep their cents.
    expect(couponCondition({ ...reduce, thresholdCents: 9990, amountCents: 990 })).toBe(
      '满99.90减9.90',
    );
  });
  it('scope text', () => {
    expect(couponScopeText({ scope: 'shop' })).toBe('全店通用');
    expect(couponScopeText({ scope: 'brand' })).toBe('指定品牌可用');
    expect(couponScopeText({ scope: 'activity' })).toBe('指定特卖可用');
    expect(couponScopeText({ scope: 'product' })).toBe('指定商品可用');
  });
});

describe('centerState', () => {
  const base = { issued: 5, total: 10, perUserLimit: 1, claimedByMe: 0, unusedByMe: 0 };
  it('reads its four buttons', () => {
    expect(CENTER_STATE_TEXT).toEqual({
      draw: '立即领取',
      use: '去使用',
      claimed: '已领取',
      soldOut: '已抢光',
    });
  });
  it('立即领取 while the caller may claim and some are left, even holding one unused', () => {
    expect(centerState(base)).toBe('draw');
    expect(centerState({ ...base, issued: 9 })).toBe('draw');
    expect(centerState({ ...base, perUserLimit: 2, claimedByMe: 1, unusedByMe: 1 })).toBe('draw');
  });
  it('去使用 when they cannot claim but hold one unused', () => {
    expect(centerState({ ...base, claimedByMe: 1, unusedByMe: 1 })).toBe('use');
    // Sold out, but the caller still holds one.
    expect(
      centerState({ ...base, issued: 10, perUserLimit: 2, claimedByMe: 1, unusedByMe: 1 }),
    ).toBe('use');
  });
  it('已领取 at their limit with none unused, sold out or not', () => {
    expect(centerState({ ...base, claimedByMe: 1 })).toBe('claimed');
    expect(centerState({ ...base, issued: 10, claimedByMe: 1 })).toBe('claimed');
  });
  it('已抢光 when none is left for one who may still claim', () => {
    expect(centerState({ ...base, issued: 10 })).toBe('soldOut');
    expect(centerState({ ...base, issued: 10, perUserLimit: 3, claimedByMe: 2 })).toBe('soldOut');
  });
});

describe('validityText', () => {
  it('reads N days after claiming, or the fixed window in the shop’s dates', () => {
    expect(validityText({ validFrom: null, validTo: null, validDays: 7 })).toBe('领取后7天内有效');
    expect(
      validityText({
        validFrom: new Date('2026-11-19T16:00:00Z'),
        validTo: new Date('2026-11-30T15:59:59Z'),
        validDays: null,
      }),
    ).toBe('2026.11.20-2026.11.30');
  });
});

describe('validityOf', () => {
  it('validDays from the claim', () => {
    expect(validityOf({ validFrom: null, validTo: null, validDays: 3 }, NOW)).toEqual({
      validFrom: NOW,
      validTo: new Date('2026-11-26T10:00:00Z'),
    });
  });
  it('the fixed window', () => {
    const from = new Date('2026-12-01T00:00:00Z');
    const to = new Date('2026-12-31T00:00:00Z');
    expect(validityOf({ validFrom: from, validTo: to, validDays: null }, NOW)).toEqual({
      validFrom: from,
      validTo: to,
    });
  });
  it('validDays wins over a window', () => {
    const from = new Date('2026-12-01T00:00:00Z');
    const to = new Date('2026-12-31T00:00:00Z');
    expect(validityOf({ validFrom: from, validTo: to, validDays: 1 }, NOW)).toEqual({
      validFrom: NOW,
      validTo: new Date('2026-11-24T10:00:00Z'),
    });
  });
});
