import { describe, expect, it } from 'vitest';
import { drawRefusal, ticketQualification, type DrawFacts } from './qualification.ts';
import { CouponStatus } from './status.ts';

const NOW = new Date('2026-11-21T04:00:00Z');
const HOUR = 3_600_000;
/** Offered now, 5 of 10 left, one per shopper, none claimed by this one. */
const open: DrawFacts = {
  status: CouponStatus.Active,
  claimFrom: new Date(NOW.getTime() - HOUR),
  claimTo: new Date(NOW.getTime() + HOUR),
  issued: 5,
  total: 10,
  perUserLimit: 1,
  claimedByMe: 0,
  unusedByMe: 0,
};

describe('drawRefusal', () => {
  it('none while offered, some left and under the per-user limit', () => {
    expect(drawRefusal(open, NOW)).toBeNull();
    expect(drawRefusal({ ...open, perUserLimit: 2, claimedByMe: 1 }, NOW)).toBeNull();
    // The window opens at claimFrom.
    expect(drawRefusal({ ...open, claimFrom: NOW }, NOW)).toBeNull();
  });

  it('refuses in the draw command’s order: the limit, stopped, not started, ended, sold out', () => {
    const everything: DrawFacts = {
      ...open,
      claimedByMe: 1,
      status: CouponStatus.Stopped,
      claimFrom: new Date(NOW.getTime() + HOUR),
      claimTo: new Date(NOW.getTime() + 2 * HOUR),
      issued: 10,
    };
    expect(drawRefusal(everything, NOW)).toBe('COUPON_LIMIT_REACHED');
    expect(drawRefusal({ ...everything, claimedByMe: 0 }, NOW)).toBe('COUPON_STOPPED');
    expect(drawRefusal({ ...everything, claimedByMe: 0, status: CouponStatus.Active }, NOW)).toBe(
      'COUPON_NOT_STARTED',
    );
    expect(drawRefusal({ ...open, claimTo: NOW, issued: 10 }, NOW)).toBe('COUPON_ENDED');
    expect(drawRefusal({ ...open, issued: 10 }, NOW)).toBe('COUPON_SOLD_OUT');
  });
});

describe('ticketQualification', () => {
  it('立即领取 with no reason when the draw would succeed', () => {
    expect(ticketQualification(7, open, NOW)).toEqual({
      couponId: 7,
      mayDraw: true,
      state: 'draw',
      stateText: '立即领取',
      reason: null,
    });
  });

  it('去使用 at the limit holding one unused; 已领取 once it is used', () => {
    expect(ticketQualification(7, { ...open, claimedByMe: 1, unusedByMe: 1 }, NOW)).toEqual({
      couponId: 7,
      mayDraw: false,
      state: 'use',
      stateText: '去使用',
      reason: '您已领取过该优惠券',
    });
    expect(ticketQualification(7, { ...open, claimedByMe: 1 }, NOW)).toMatchObject({
      state: 'claimed',
      stateText: '已领取',
      reason: '您已领取过该优惠券',
    });
  });

  it('已抢光 when none is left', () => {
    expect(ticketQualification(7, { ...open, issued: 10 }, NOW)).toMatchObject({
      mayDraw: false,
      state: 'soldOut',
      stateText: '已抢光',
      reason: '优惠券已抢光',
    });
  });

  it('a coupon not offered now never reads 立即领取: its reason says why', () => {
    const cases: [Partial<DrawFacts>, string][] = [
      [{ status: CouponStatus.Stopped }, '优惠券已停止发放'],
      [{ claimFrom: new Date(NOW.getTime() + 1) }, '优惠券领取尚未开始'],
      [{ claimTo: NOW }, '优惠券领取已结束'],
    ];
    for (const [change, reason] of cases) {
      expect(ticketQualification(7, { ...open, ...change }, NOW)).toMatchObject({
        mayDraw: false,
        state: 'soldOut',
        reason,
      });
      // Holding one unused, the button leads to using it.
      expect(
        ticketQualification(
          7,
          { ...open, ...change, perUserLimit: 2, claimedByMe: 1, unusedByMe: 1 },
          NOW,
        ),
      ).toMatchObject({ mayDraw: false, state: 'use', reason });
    }
  });

  it('mayDraw exactly when the button is 立即领取', () => {
    const variants: Partial<DrawFacts>[] = [
      {},
      { issued: 10 },
      { claimedByMe: 1 },
      { claimedByMe: 1, unusedByMe: 1 },
      { perUserLimit: 3, claimedByMe: 2, unusedByMe: 2 },
      { status: CouponStatus.Stopped },
      { claimTo: NOW },
      { claimFrom: new Date(NOW.getTime() + HOUR) },
    ];
    for (const change of variants) {
      const q = ticketQualification(1, { ...open, ...change }, NOW);
      expect(q.mayDraw).toBe(q.state === 'draw');
      expect(q.reason === null).toBe(q.mayDraw);
    }
  });
});
