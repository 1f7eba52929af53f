import { describe, expect, it } from 'vitest';
import { badgeText, clampFloating } from './floating.ts';
import { floatingButtonsFor, showsBackIcon } from '#lib/shell/floating-buttons.ts';

describe('floating helper buttons (commerce §2)', () => {
  it('shows top and cart on index, order and my', () => {
    expect(floatingButtonsFor('index')).toEqual({ top: true, home: false, cart: true });
    expect(floatingButtonsFor('order')).toEqual({ top: true, home: false, cart: true });
    expect(floatingButtonsFor('my')).toEqual({ top: true, home: false, cart: true });
    expect(floatingButtonsFor('service')).toEqual({ top: true, home: false, cart: false });
  });

  it('shows top and home but no cart elsewhere', () => {
    expect(floatingButtonsFor('brand')).toEqual({ top: true, home: true, cart: false });
    expect(floatingButtonsFor('coupon-center')).toEqual({ top: true, home: true, cart: false });
  });

  it('shows none on product detail, login, registration, protocol and venue pages', () => {
    for (const route of [
      'productDetail',
      'login_web',
      'register',
      'registrationProtocol',
      'legal-protocol',
      'businessVenue',
    ] as const)
      expect(floatingButtonsFor(route)).toEqual({ top: false, home: false, cart: false });
  });

  it('hides the back icon on home, order, my and the login pages', () => {
    for (const route of ['index', 'order', 'my', 'login', 'login_web', 'phoneLogin'] as const)
      expect(showsBackIcon(route)).toBe(false);
    expect(showsBackIcon('brand')).toBe(true);
  });

  it('shows the cart badge as 99+ above 99', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('keeps a dragged group 15 px from the sides and at least 55 px from the bottom', () => {
    const size = { width: 44, height: 100 };
    const viewport = { width: 375, height: 667 };
    expect(clampFloating({ left: -50, bottom: 0 }, size, viewport)).toEqual({
      left: 15,
      bottom: 55,
    });
    expect(clampFloating({ left: 999, bottom: 999 }, size, viewport)).toEqual({
      left: 316,
      bottom: 552,
    });
    expect(clampFloating({ left: 100, bottom: 200 }, size, viewport)).toEqual({
      left: 100,
      bottom: 200,
    });
  });
});
