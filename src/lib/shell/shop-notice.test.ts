import { describe, expect, it } from 'vitest';
import { routeByName } from '#lib/platform/routes.ts';
import { noticeCookieName, noticeDue, noticeGuards, noticeStamp } from './shop-notice.ts';

const route = (name: string) => routeByName(name)!;
const on = { shopNotice: 'ON' as const, noticeText: '今日发货延迟' };

describe('the shop notice', () => {
  it('has one cookie per shop and a stamp per text', () => {
    expect(noticeCookieName('1001')).toBe('shop_notice_1001');
    expect(noticeStamp('今日发货延迟')).toMatch(/^[0-9a-f]{8}$/);
    expect(noticeStamp('今日发货延迟')).toBe(noticeStamp('今日发货延迟'));
    expect(noticeStamp('今日发货延迟')).not.toBe(noticeStamp('今日发货延迟。'));
  });

  it('stands in front of the shopper’s pages, not insideTips, keeper pages or an order in progress', () => {
    for (const name of ['index', 'productDetail', 'brand', 'search', 'my', 'coupon-center']) {
      expect(noticeGuards(route(name)), name).toBe(true);
    }
    for (const name of [
      'insideTips',
      'login_web',
      'phoneLogin',
      'store-setting',
      'decoration',
      'cart',
      'confirmationOrder',
      'checkout',
      'success',
      'living',
    ]) {
      expect(noticeGuards(route(name)), name).toBe(false);
    }
  });

  it('is due when on and this text was not seen in this browser', () => {
    const index = route('index');
    expect(noticeDue({ shop: on, route: index, seen: undefined })).toBe(true);
    expect(noticeDue({ shop: on, route: index, seen: noticeStamp('昨天的公告') })).toBe(true);
    expect(noticeDue({ shop: on, route: index, seen: noticeStamp(on.noticeText) })).toBe(false);
    expect(noticeDue({ shop: { ...on, shopNotice: 'OFF' }, route: index, seen: undefined })).toBe(
      false,
    );
    expect(noticeDue({ shop: { ...on, noticeText: '' }, route: index, seen: undefined })).toBe(
      false,
    );
    expect(noticeDue({ shop: on, route: route('insideTips'), seen: undefined })).toBe(false);
  });

  it('lets search engines and link previews read the page they asked for', () => {
    expect(
      noticeDue({ shop: on, route: route('productDetail'), seen: undefined, robot: true }),
    ).toBe(false);
  });
});
