import { describe, expect, it } from 'vitest';
import { GUIDE_TAGS, GUIDE_TEXT, PAGE_GUIDES, guidesDue } from './tags.ts';

describe('guide tags', () => {
  it('are the 13 of shell §3, each with its text; the unpaid guides ask to pay within 12 minutes', () => {
    expect(GUIDE_TAGS).toHaveLength(13);
    expect(Object.keys(GUIDE_TEXT).sort()).toEqual([...GUIDE_TAGS].sort());
    expect(GUIDE_TEXT.myNotPay).toContain('12分钟内完成支付');
    expect(GUIDE_TEXT.myNotPay).toContain('取消');
  });

  it('keep the orders of shell §4', () => {
    expect(PAGE_GUIDES.brand).toEqual(['activityMoney', 'activityShare', 'shoppingCartNotPay']);
    expect(PAGE_GUIDES.productDetail).toEqual([
      'productDetailMoney',
      'productDetailShare',
      'shoppingCartNotPay',
    ]);
    expect(PAGE_GUIDES.my.indexOf('myWithdraw')).toBeLessThan(PAGE_GUIDES.my.indexOf('myNotPay'));
  });
});

describe('guidesDue', () => {
  const order = PAGE_GUIDES.productDetail;
  const all = new Set<string>(order);

  it('gives the marked, unseen guides in the page order', () => {
    expect(guidesDue({ order, marked: all, seen: new Set(), cartSkuNum: 2 })).toEqual([
      'productDetailMoney',
      'productDetailShare',
      'shoppingCartNotPay',
    ]);
    expect(
      guidesDue({ order, marked: all, seen: new Set(['productDetailMoney']), cartSkuNum: 2 }),
    ).toEqual(['productDetailShare', 'shoppingCartNotPay']);
  });

  it('leaves out a guide the page did not mark (no profit tag shown), and the cart guide with an empty cart', () => {
    expect(
      guidesDue({
        order,
        marked: new Set(['productDetailShare', 'shoppingCartNotPay']),
        seen: new Set(),
        cartSkuNum: 0,
      }),
    ).toEqual(['productDetailShare']);
  });
});
