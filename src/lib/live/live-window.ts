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

/** A rectangle on the screen, in CSS pixels from the top left corner. */
export interface ScreenBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The window's clear space from what it must not cover, and from the top of the screen. */
const CLEARANCE = 4;
const TOP_MARGIN = 8;
/** How finely the start spots are tried, top to bottom. */
const STEP = 4;

/**
 * Where the window starts (shell §2): the spot, along the right edge and then the left one,
 * that covers none of `keepOut` (the page's texts and controls, the bars and floating buttons),
 * lowest first, above `floor` (the top of the bottom band: the tab bar, the floating buttons'
 * band, a buy bar). Where every spot covers something, the one covering least. Answers the
 * window's left and bottom, as a drag sets them.
 */
export function liveWindowSpot(
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  keepOut: readonly ScreenBox[],
  floor: number,
): { left: number; bottom: number } {
  const lowest =
    Math.min(floor, viewport.height - LIVE_WINDOW_MIN_BOTTOM) - CLEARANCE - size.height;
  const columns = [viewport.width - LIVE_WINDOW_MIN_LEFT - size.width, LIVE_WINDOW_MIN_LEFT];
  let best = { left: columns[0]!, top: Math.max(TOP_MARGIN, lowest), covered: Infinity };
  for (const left of columns) {
    for (let top = lowest; top >= TOP_MARGIN; top -= STEP) {
      const spot = {
        left: left - CLEARANCE,
        top: top - CLEARANCE,
        right: left + size.width + CLEARANCE,
        bottom: top + size.height + CLEARANCE,
      };
      let covered = 0;
      for (const box of keepOut) {
        const width = Math.min(spot.right, box.right) - Math.max(spot.left, box.left);
        const height = Math.min(spot.bottom, box.bottom) - Math.max(spot.top, box.top);
        if (width > 0 && height > 0) covered += width * height;
      }
      if (covered === 0) return { left, bottom: viewport.height - top - size.height };
      if (covered < best.covered) best = { left, top, covered };
    }
  }
  return { left: best.left, bottom: viewport.height - best.top - size.height };
}

/** The docked window: a strip this high in the floating buttons' band (56 px). */
export const DOCKED_HEIGHT = 44;
/** Narrower than this, the strip would cut the title: the window floats instead. */
export const DOCKED_MIN_WIDTH = 180;
export const DOCKED_MAX_WIDTH = 260;
/**
 * From this width the strip shows the cover beside the title (the cover at 44 px high is 103 px
 * wide); narrower, the title alone, so that it stays whole.
 */
export const DOCKED_COVER_WIDTH = 240;
/** The space the strip keeps from the band's buttons. */
const DOCK_GAP = 8;

/**
 * Where the window docks (shell §2): as a strip in the floating buttons' band at the foot of the
 * screen, where the page never is (the page ends above the band), in the widest stretch the
 * band's buttons leave (`taken`: their stretches, those that show later included). Null when
 * that stretch is narrower than DOCKED_MIN_WIDTH.
 */
export function dockedSpot(
  viewportWidth: number,
  taken: readonly { left: number; right: number }[],
): { left: number; width: number } | null {
  const edges = [
    { left: -Infinity, right: LIVE_WINDOW_MIN_LEFT - DOCK_GAP },
    ...[...taken].sort((a, b) => a.left - b.left),
    { left: viewportWidth - LIVE_WINDOW_MIN_LEFT + DOCK_GAP, right: Infinity },
  ];
  let best: { left: number; width: number } | null = null;
  for (let i = 1; i < edges.length; i++) {
    const start = Math.max(...edges.slice(0, i).map((e) => e.right)) + DOCK_GAP;
    const width = edges[i]!.left - DOCK_GAP - start;
    if (!best || width > best.width) best = { left: start, width };
  }
  if (!best || best.width < DOCKED_MIN_WIDTH) return null;
  return { left: best.left, width: Math.min(best.width, DOCKED_MAX_WIDTH) };
}
