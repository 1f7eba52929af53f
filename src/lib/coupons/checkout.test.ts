import { describe, expect, it } from 'vitest';
import { checkoutCoupons, couponChoiceOf, type HeldUserCoupon } from './checkout.ts';
import type { CouponRules } from './rules.ts';

const NOW = new Date('2026-11-23T10:00:00Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const DAY = 86_400_000;

const shopReduce: CouponRules = {
  name: '店铺通用券',
  description: '全店商品可用',
  kind: 'reduce',
  amountCents: 2000,
  thresholdCents: 19_900,
  discountRate: null,
  maxDiscountCents: null,
  scope: 'shop',
  scopeRef: null,
};
const shopDiscount: CouponRules = {
  ...shopReduce,
  name: '全店88折券',
  kind: 'discount',
  amountCents: 0,
  thresholdCents: 10_000,
  discountRate: 88,
  maxDiscountCents: 3000,
};
const brandReduce: CouponRules = {
  ...shopReduce,
  name: '品牌券',
  amountCents: 1500,
  thresholdCents: 10_000,
  scope: 'brand',
  scopeRef: '7',
};
const productReduce: CouponRules = {
  ...shopReduce,
  name: '单品券',
  thresholdCents: 0,
  scope: 'product',
  scopeRef: 'PX',
};

const coupon = (
  id: number,
  rules: CouponRules,
  extra: Partial<Omit<HeldUserCoupon, 'id' | 'rules'>> = {},
): HeldUserCoupon => ({
  id,
  rules,
  validFrom: at(-DAY),
  validTo: at(7 * DAY),
  unused: true,
  ...extra,
});

/** A 250.00 line of brand 7 and a 50.00 line of brand 8. */
const lines = [
  { brandId: 7, activityNo: 'A1', productNo: 'P1', goodsCents: 25_000 },
  { brandId: 8, activityNo: 'A2', productNo: 'P2', goodsCents: 5_000 },
];
const held = [
  coupon(1, shopReduce), // 2000 off 300.00
  coupon(2, shopDiscount), // 3600 capped at 3000
  coupon(3, brandReduce), // 1500 off brand 7's 250.00
  coupon(4, shopReduce, { validTo: NOW }), // expired
  coupon(5, productReduce), // no line of product PX
  coupon(6, shopReduce, { validFrom: at(DAY) }), // not yet
];

describe('checkoutCoupons', () => {
  it('lists the usable ones, most saving first, and the unusable ones with their reasons', () => {
    const result = checkoutCoupons(held, lines, undefined, NOW);
    expect(result.usable).toEqual([
      {
        userCouponId: 2,
        name: '全店88折券',
        face: '8.8折',
        condition: '满100享8.8折 最高减30',
        scopeText: '全店通用',
        validTo: at(7 * DAY).toISOString(),
        offCents: 3000,
        refusal: null,
      },
      {
        userCouponId: 1,
        name: '店铺通用券',
        face: '¥20.00',
        condition: '满199减20',
        scopeText: '全店通用',
        validTo: at(7 * DAY).toISOString(),
        offCents: 2000,
        refusal: null,
      },
      {
        userCouponId: 3,
        name: '品牌券',
        face: '¥15.00',
        condition: '满100减15',
        scopeText: '指定品牌可用',
        validTo: at(7 * DAY).toISOString(),
        offCents: 1500,
        refusal: null,
      },
    ]);
    expect(result.unusable.map((c) => [c.userCouponId, c.offCents, c.refusal])).toEqual([
      [4, 0, '优惠券已过期'],
      [5, 0, '订单中没有可使用此券的商品'],
      [6, 0, '优惠券未到使用时间'],
    ]);
    expect(result.unusable[1]).toMatchObject({
      name: '单品券',
      face: '¥20.00',
      condition: '无门槛减20',
      scopeText: '指定商品可用',
    });
  });

  it('undefined: the best coupon, with its fit over the lines', () => {
    const result = checkoutCoupons(held, lines, undefined, NOW);
    expect(result.refused).toBeNull();
    expect(result.selected).toMatchObject({ userCouponId: 2, offCents: 3000, refusal: null });
    expect(result.selected!.fit).toEqual({
      refusal: null,
      eligible: [true, true],
      eligibleCents: 30_000,
      offCents: 3000,
    });
  });

  it('undefined: on equal savings, the one expiring first, then the lowest id', () => {
    const twins = [
      coupon(8, shopReduce, { validTo: at(3 * DAY) }),
      coupon(7, shopReduce, { validTo: at(5 * DAY) }),
      coupon(9, shopReduce, { validTo: at(3 * DAY) }),
    ];
    const result = checkoutCoupons(twins, lines, undefined, NOW);
    expect(result.selected?.userCouponId).toBe(8);
    expect(result.usable.map((c) => c.userCouponId)).toEqual([8, 9, 7]);
    expect(
      checkoutCoupons([twins[2]!, twins[0]!], lines, undefined, NOW).selected?.userCouponId,
    ).toBe(8);
  });

  it('undefined with no usable coupon: none, and no refusal', () => {
    const result = checkoutCoupons([held[3]!, held[4]!], lines, undefined, NOW);
    expect(result).toMatchObject({ selected: null, refused: null, usable: [] });
    expect(result.unusable).toHaveLength(2);
    expect(checkoutCoupons([], lines, undefined, NOW)).toEqual({
      usable: [],
      unusable: [],
      selected: null,
      refused: null,
    });
  });

  it('null: none, still listing them all', () => {
    const result = checkoutCoupons(held, lines, null, NOW);
    expect(result.selected).toBeNull();
    expect(result.refused).toBeNull();
    expect(result.usable.map((c) => c.userCouponId)).toEqual([2, 1, 3]);
    expect(result.unusable.map((c) => c.userCouponId)).toEqual([4, 5, 6]);
  });

  it('an id: that coupon, even when another would save more', () => {
    const result = checkoutCoupons(held, lines, 3, NOW);
    expect(result.refused).toBeNull();
    expect(result.selected).toMatchObject({ userCouponId: 3, offCents: 1500 });
    expect(result.selected!.fit).toEqual({
      refusal: null,
      eligible: [true, false],
      eligibleCents: 25_000,
      offCents: 1500,
    });
    expect(checkoutCoupons(held, lines, 1, NOW).selected?.offCents).toBe(2000);
  });

  it('an id that cannot be used here: none, and why', () => {
    expect(checkoutCoupons(held, lines, 4, NOW)).toMatchObject({
      selected: null,
      refused: '优惠券已过期',
    });
    expect(checkoutCoupons(held, lines, 5, NOW).refused).toBe('订单中没有可使用此券的商品');
    expect(checkoutCoupons(held, lines, 6, NOW).refused).toBe('优惠券未到使用时间');
    expect(checkoutCoupons(held, [lines[1]!], 1, NOW).refused).toBe('未达到优惠券使用门槛');
    expect(checkoutCoupons(held, [lines[1]!], 3, NOW).refused).toBe('订单中没有可使用此券的商品');
    expect(checkoutCoupons([coupon(1, shopReduce, { unused: false })], lines, 1, NOW).refused).toBe(
      '优惠券已使用',
    );
  });

  it('an id the shopper does not hold: 优惠券不存在', () => {
    const result = checkoutCoupons(held, lines, 99, NOW);
    expect(result).toMatchObject({ selected: null, refused: '优惠券不存在' });
    expect(result.usable).toHaveLength(3);
    expect(checkoutCoupons([], lines, 1, NOW).refused).toBe('优惠券不存在');
  });
});

describe('couponChoiceOf', () => {
  it('absent: the best; none: no coupon; else the id', () => {
    expect(couponChoiceOf(undefined)).toBeUndefined();
    expect(couponChoiceOf('none')).toBeNull();
    expect(couponChoiceOf('42')).toBe(42);
  });
});
