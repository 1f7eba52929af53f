import { describe, expect, it } from 'vitest';
import { allowedEdges } from '#tests/fixtures/transitions.ts';
import {
  CouponStatus,
  UserCouponStatus,
  couponTransitions,
  userCouponTransitions,
} from './status.ts';

describe('coupon statuses', () => {
  it('are the stored numbers; a coupon is stopped and offered again at will', () => {
    expect(CouponStatus).toEqual({ Stopped: 0, Active: 1 });
    expect(allowedEdges(couponTransitions)).toEqual([
      [CouponStatus.Stopped, CouponStatus.Active],
      [CouponStatus.Active, CouponStatus.Stopped],
    ]);
    expect(couponTransitions.canTransition(CouponStatus.Active, CouponStatus.Active)).toBe(false);
    expect(couponTransitions.statuses.filter(couponTransitions.isTerminal)).toEqual([]);
  });
});

describe('claimed coupon statuses', () => {
  const { Unused, Used, Expired } = UserCouponStatus;

  it('are the stored numbers', () => {
    expect(UserCouponStatus).toEqual({ Unused: 0, Used: 1, Expired: 2 });
    expect(userCouponTransitions.statuses).toEqual([0, 1, 2]);
  });

  it('are used by an order, given back when it is cancelled, and expire unused', () => {
    expect(allowedEdges(userCouponTransitions)).toEqual([
      [Unused, Used],
      [Unused, Expired],
      [Used, Unused],
    ]);
    expect(userCouponTransitions.canTransition(Expired, Unused)).toBe(false);
    expect(userCouponTransitions.canTransition(Used, Expired)).toBe(false);
    expect(userCouponTransitions.allowedFrom(Used)).toEqual([Unused]);
    expect(userCouponTransitions.allowedFrom(Expired)).toEqual([Unused]);
    expect(userCouponTransitions.statuses.filter(userCouponTransitions.isTerminal)).toEqual([
      Expired,
    ]);
  });
});
