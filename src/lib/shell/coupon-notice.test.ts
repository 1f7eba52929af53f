import { describe, expect, it } from 'vitest';
import { routeByName } from '#lib/platform/routes.ts';
import { carriesCouponNotice } from './coupon-notice.ts';

const on = (name: string, query = '', signedIn = true) =>
  carriesCouponNotice({ signedIn, route: routeByName(name)!, query: new URLSearchParams(query) });

describe('the coupon notice', () => {
  it('is on home, my and the brand page for a signed-in user, never for a visitor', () => {
    expect(on('index')).toBe(true);
    expect(on('my')).toBe(true);
    expect(on('brand')).toBe(true);
    expect(on('index', '', false)).toBe(false);
  });

  it('stays off the blacklisted routes: cart, checkout, orders, live rooms, invoices, agreements', () => {
    for (const name of [
      'cart',
      'confirmationOrder',
      'checkout',
      'order',
      'living',
      'invoiceApply',
    ]) {
      expect(on(name), name).toBe(false);
    }
    expect(on('registrationProtocol')).toBe(false);
  });

  it('is hidden on register opened with shareChannel 2, shown with another channel', () => {
    expect(on('register', 'shareChannel=2')).toBe(false);
    expect(on('register', 'shareChannel=1')).toBe(true);
    expect(on('register')).toBe(true);
  });
});
