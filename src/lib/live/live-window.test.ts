import { describe, expect, it } from 'vitest';
import {
  LIVE_WINDOW_MIN_BOTTOM,
  LIVE_WINDOW_MIN_LEFT,
  DOCKED_MAX_WIDTH,
  DOCKED_MIN_WIDTH,
  clampLiveWindow,
  dockedSpot,
  liveWindowClosedKey,
  liveWindowSpot,
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

  describe('starts where it covers nothing', () => {
    const win = { width: 128, height: 100 };
    const box = (left: number, top: number, right: number, bottom: number) => ({
      left,
      top,
      right,
      bottom,
    });
    // The tab bar (53 px) and the floating buttons' band (56 px) above it.
    const floor = 667 - 53 - 56;

    it('on an empty screen: on the right, just above the band', () => {
      expect(liveWindowSpot(win, viewport, [], floor)).toEqual({
        left: 375 - 15 - 128,
        bottom: 667 - floor + 4,
      });
    });

    it('moves up past text on the right, keeping its clearance', () => {
      // A line of text across the screen from 420 to 480.
      const spot = liveWindowSpot(win, viewport, [box(0, 420, 375, 480)], floor);
      const top = 667 - spot.bottom - win.height;
      expect(spot.left).toBe(232);
      expect(top + win.height).toBeLessThanOrEqual(420 - 4);
      expect(top + win.height).toBeGreaterThan(420 - 4 - 4);
    });

    it('takes the left edge when the right one is full', () => {
      const rightColumn = box(200, 0, 375, 667);
      const spot = liveWindowSpot(win, viewport, [rightColumn], floor);
      expect(spot).toEqual({ left: 15, bottom: 667 - floor + 4 });
    });

    it('never goes below 55 px from the bottom, whatever the floor', () => {
      expect(liveWindowSpot(win, viewport, [], 667).bottom).toBe(55 + 4);
    });

    it('covers the least where every spot covers something', () => {
      // Text everywhere but a thin strip on the left, low down.
      const spot = liveWindowSpot(
        win,
        viewport,
        [box(0, 0, 375, 300), box(0, 300, 375, 667), box(0, 500, 60, 520)],
        floor,
      );
      expect(spot.left).toBe(232);
      const leastCovered = liveWindowSpot(
        win,
        viewport,
        [box(0, 0, 375, 400), box(150, 400, 375, 667)],
        floor,
      );
      expect(leastCovered.left).toBe(15);
    });
  });

  describe('docks in the floating buttons’ band where the buttons leave room', () => {
    const back = { left: 15, right: 55 };
    // The helper group at the right edge (15 px in) of a screen 375 px wide, or `width`.
    const group = (buttons: number, width = 375) => ({
      left: width - 15 - buttons * 40 - (buttons - 1) * 10,
      right: width - 15,
    });

    it('between the back icon and the helper group, 8 px from each', () => {
      expect(dockedSpot(375, [back, group(2)])).toEqual({ left: 63, width: 270 - 8 - 63 });
    });

    it('from the left edge without a back icon, no wider than the strip', () => {
      expect(dockedSpot(375, [group(2)])).toEqual({ left: 15, width: 247 });
      expect(dockedSpot(375, [])).toEqual({ left: 15, width: DOCKED_MAX_WIDTH });
    });

    it('not where the stretch left is too narrow for the title', () => {
      expect(dockedSpot(375, [back, group(3)])).toBeNull();
      expect(dockedSpot(320, [back, group(2, 320)])).toBeNull();
      expect(DOCKED_MIN_WIDTH).toBeGreaterThan(150);
    });
  });
});
