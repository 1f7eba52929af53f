/**
 * The small live window (shell §2, §9): which pages show it, where it may be dragged, and the
 * key that keeps it closed for the browser session. Isomorphic; the window itself is
 * components/LiveWindow.astro and its script lib/live/ui/window/live-window.ts.
 */
import type { RouteName } from '#lib/platform/routes.ts';
import { shopKey } from '#lib/platform/storage-keys.ts';
import { FLOAT_MIN_BOTTOM, FLOAT_SIDE_MARGIN, clampFloating } from '#lib/platform/floating.ts';

/** Shell §9: the window never comes closer than 15 px to the left edge or 55 px to the bottom. */
export const LIVE_WINDOW_MIN_LEFT = FLOAT_SIDE_MARGIN;
export const LIVE_WINDOW_MIN_BOTTOM = FLOAT_MIN_BOTTOM;

/**
 * Where the window shows: the shopper's browsing pages — home, my, the brand sales, products,
 * search, venues and the coupon centre. Never on the live room, preheat, replay and end pages
 * (and their school twins), nor on the channels (they list the room already), login forms, or
 * where one is ordering or paying.
 */
export const LIVE_WINDOW_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'index',
  'my',
  'brand',
  'brandList',
  'productDetail',
  'search',
  'commonActivity',
  'businessVenue',
  'superMarket',
  'allBuying',
  'top-list',
  'seckill-list',
  'coupon-center',
]);

export function showsLiveWindow(route: string): boolean {
  return LIVE_WINDOW_ROUTES.has(route as RouteName);
}

/** The school popup (shell §4) is on home, for a shop keeper: role letter D (3, not disabled). */
export function showsSchoolPopup(route: string, role: string): boolean {
  return route === 'index' && role === 'D';
}

/** Closed with ✕: kept for the browser session, per shop (sessionStorage). */
export function liveWindowClosedKey(shopId: string): string {
  return shopKey(shopId, 'liveWindowClosed');
}

/** Where a dragged window goes: the floating group's bounds (15 px sides, 55 px bottom). */
export const clampLiveWindow = clampFloating;
