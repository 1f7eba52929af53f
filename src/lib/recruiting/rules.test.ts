import { describe, expect, it } from 'vitest';
import {
  cleanCompose,
  cleanShopInfo,
  defaultShopName,
  inviteeState,
  promotionLabel,
  shopMonthStart,
  unbindRefusal,
} from './rules.ts';
import { RecruitingErrors } from './errors.ts';

const noMoney = { availableCents: 0, pendingCents: 0, withdrawingCents: 0 };

describe('cleanShopInfo', () => {
  it('answers the cleaned name and intro', () => {
    expect(cleanShopInfo({ shopName: ' 小美的店🎉 ', intro: '每天上新～' })).toEqual({
      ok: true,
      value: { shopName: '小美的店', intro: '每天上新～' },
    });
  });

  it('refuses a name of fewer than 2 or more than 20 characters once cleaned', () => {
    expect(cleanShopInfo({ shopName: '美😀', intro: '' })).toEqual({
      ok: false,
      error: RecruitingErrors.SHOP_INFO_NAME_INVALID,
    });
    expect(cleanShopInfo({ shopName: '店'.repeat(21), intro: '' })).toEqual({
      ok: false,
      error: RecruitingErrors.SHOP_INFO_NAME_INVALID,
    });
    expect(cleanShopInfo({ shopName: '店'.repeat(20), intro: '' }).ok).toBe(true);
  });

  it('refuses an intro over 100 characters', () => {
    expect(cleanShopInfo({ shopName: '小美的店', intro: '好'.repeat(101) })).toEqual({
      ok: false,
      error: RecruitingErrors.SHOP_INFO_INTRO_TOO_LONG,
    });
  });
});

describe('defaultShopName', () => {
  it('is the nickname’s shop, else the shop’s name', () => {
    expect(defaultShopName('小美', '森野优选')).toBe('小美的小店');
    expect(defaultShopName('😀', '森野优选')).toBe('森野优选');
    expect([...defaultShopName('长'.repeat(30), '森野优选')]).toHaveLength(20);
  });
});

describe('cleanCompose', () => {
  it('keeps each product once, in order', () => {
    expect(cleanCompose({ title: '通勤穿搭', intro: '', productNos: ['P1', 'P2', 'P1'] })).toEqual({
      ok: true,
      value: { title: '通勤穿搭', intro: '', productNos: ['P1', 'P2'] },
    });
  });

  it('asks for 2 to 9 products and a 2 to 20 character title', () => {
    expect(cleanCompose({ title: '通勤穿搭', intro: '', productNos: ['P1', 'P1'] })).toEqual({
      ok: false,
      error: RecruitingErrors.COMPOSE_PRODUCTS_COUNT,
    });
    const ten = Array.from({ length: 10 }, (_, i) => `P${i}`);
    expect(cleanCompose({ title: '通勤穿搭', intro: '', productNos: ten }).ok).toBe(false);
    expect(cleanCompose({ title: '🎉a', intro: '', productNos: ['P1', 'P2'] })).toEqual({
      ok: false,
      error: RecruitingErrors.COMPOSE_TITLE_INVALID,
    });
  });
});

describe('unbindRefusal', () => {
  it('lets a keeper without money or waiting orders leave', () => {
    expect(unbindRefusal({ isOwner: false, balances: noMoney, unpaidOrders: 0 })).toBeNull();
  });

  it('never lets the owner leave', () => {
    expect(unbindRefusal({ isOwner: true, balances: noMoney, unpaidOrders: 0 })).toBe(
      RecruitingErrors.UNBIND_OWNER,
    );
  });

  it('refuses while money is in a withdrawal, available, or pending, in that order', () => {
    const refuse = (b: Partial<typeof noMoney>, unpaidOrders = 0) =>
      unbindRefusal({ isOwner: false, balances: { ...noMoney, ...b }, unpaidOrders });
    expect(refuse({ withdrawingCents: 1, availableCents: 1 })).toBe(
      RecruitingErrors.UNBIND_HAS_WITHDRAWING,
    );
    expect(refuse({ availableCents: 1, pendingCents: 1 })).toBe(
      RecruitingErrors.UNBIND_HAS_AVAILABLE,
    );
    expect(refuse({ pendingCents: 1 })).toBe(RecruitingErrors.UNBIND_HAS_PENDING);
    expect(refuse({}, 1)).toBe(RecruitingErrors.UNBIND_HAS_UNPAID);
  });
});

describe('inviteeState', () => {
  it('reads the invited member’s standing', () => {
    const member = { level: 1, distributorDisable: false, signAgreement: true };
    expect(inviteeState(member)).toBe('valid');
    expect(inviteeState({ ...member, signAgreement: false })).toBe('unsigned');
    expect(inviteeState({ ...member, distributorDisable: true })).toBe('disabled');
    expect(inviteeState({ ...member, level: null })).toBe('left');
  });
});

describe('promotionLabel', () => {
  it('names N件X折 by its rule and the other sales by their kind', () => {
    expect(promotionLabel('npiece', { pieces: 3, discountTenths: 7 })).toBe('3件7折');
    expect(promotionLabel('seckill', null)).toBe('限时秒杀');
    expect(promotionLabel('presale', null)).toBe('预售');
    expect(promotionLabel('brand', null)).toBe('品牌特卖');
  });
});

describe('shopMonthStart', () => {
  it('is the 1st at 00:00 China time', () => {
    expect(shopMonthStart(new Date('2026-11-21T04:00:00Z')).toISOString()).toBe(
      '2026-10-31T16:00:00.000Z',
    );
    // 1 December 01:00 in China is still 30 November in UTC.
    expect(shopMonthStart(new Date('2026-11-30T17:00:00Z')).toISOString()).toBe(
      '2026-11-30T16:00:00.000Z',
    );
  });
});
