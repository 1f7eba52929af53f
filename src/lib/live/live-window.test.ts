import { describe, expect, it } from 'vitest';
import {
  LIVE_WINDOW_MIN_BOTTOM,
  LIVE_WINDOW_MIN_LEFT,
  clampLiveWindow,
  liveWindowClosedKey,
  showsLiveWindow,
  showsSchoolPopup,
} from './live-window.ts';
import { isLiveRoomRoute } from './routes.ts';
import { routeByName, ROUTES } from '#lib/platform/routes.ts';

const size = { width: 120, height: 160 };
const viewport = { width: 375, height: 667 };

describe('the small live window', () => {
  it('keeps 15 px from the left and 55 px from the bottom (shell §9)', () => {
    expect(LIVE_WINDOW_MIN_LEFT).toBe(15);
    expect(LIVE_WINDOW_MIN_BOTTOM).toBe(55);
    expect(clampLiveWindow({ left: -40, bottom: 0 }, size, viewport)).toEqual({
      left: 15,
      bottom: 55,
    });
    expect(clampLiveWindow({ left: 14, bottom: 54 }, size, viewport)).toEqual({
      left: 15,
      bottom: 55,
    });
    expect(clampLiveWindow({ left: 100, bottom: 200 }, size, viewport)).toEqual({
      left: 100,
      bottom: 200,
    });
  });

  it('stays on screen on the other sides', () => {
    expect(clampLiveWindow({ left: 1000, bottom: 5000 }, size, viewport)).toEqual({
      left: 375 - 15 - 120,
      bottom: 667 - 160 - 15,
    });
  });

  it('shows on browsing pages, never on the room pages, logins, ordering or paying', () => {
    for (const name of ['index', 'my', 'brand', 'productDetail', 'search']) {
      expect(showsLiveWindow(name)).toBe(true);
    }
    for (const name of [
      'living',
      'live-preheat',
      'live-review',
      'live-end',
      'school-living',
      'school-live-review',
      'login_web',
      'cart',
      'confirmationOrder',
      'checkout',
      'success',
    ]) {
      expect(showsLiveWindow(name)).toBe(false);
    }
    for (const route of ROUTES) {
      if (!showsLiveWindow(route.name)) continue;
      expect(isLiveRoomRoute(route.name)).toBe(false);
      expect(route.loginForm).toBe(false);
      expect(routeByName(route.name)?.name).toBe(route.name);
    }
  });

  it('leaves the school popup to home and the shop keeper', () => {
    expect(showsSchoolPopup('index', 'D')).toBe(true);
    expect(showsSchoolPopup('index', 'C')).toBe(false);
    expect(showsSchoolPopup('index', 'M')).toBe(false);
    expect(showsSchoolPopup('my', 'D')).toBe(false);
  });

  it('is closed per shop', () => {
    expect(liveWindowClosedKey('1001')).toBe('shop:1001:liveWindowClosed');
    expect(liveWindowClosedKey('1002')).not.toBe(liveWindowClosedKey('1001'));
  });
});
