/**
 * Which page shows a live room: the room's state (直播中, 预告, 回放 with a replay, else 已结束)
 * and, for a school room (liveType 30), the school- twin of that page. Every link to a room and
 * every redirect of a room page opened in another state goes through here. Isomorphic.
 */
import type { RouteName } from '#lib/platform/routes.ts';
import { LiveStatus, LiveType } from './status.ts';

export interface RoutedRoom {
  liveStatus: number;
  replayUrl: string | null;
  /** liveType; a school room (30) opens the school- pages. Absent: an ordinary room. */
  liveType?: number;
}

export type LivePage = 'living' | 'live-preheat' | 'live-review' | 'live-end';

/** The room's page by its state (the ordinary room's name; see liveRoute for the school twin). */
export function livePage(room: RoutedRoom): LivePage {
  if (room.liveStatus === LiveStatus.Living) return 'living';
  if (room.liveStatus === LiveStatus.Preheat) return 'live-preheat';
  return room.replayUrl ? 'live-review' : 'live-end';
}

/** The route of the room's page: its state's page, the school- twin for a school room. */
export function liveRoute(room: RoutedRoom): RouteName {
  const page = livePage(room);
  return room.liveType === LiveType.School ? `school-${page}` : page;
}

/** The four room pages and their school twins, by the page they stand for. */
export const LIVE_PAGE_ROUTES: Record<LivePage, readonly [RouteName, RouteName]> = {
  living: ['living', 'school-living'],
  'live-preheat': ['live-preheat', 'school-live-preheat'],
  'live-review': ['live-review', 'school-live-review'],
  'live-end': ['live-end', 'school-live-end'],
};

/** Whether a route is one of the room pages (or a school twin). */
export function isLiveRoomRoute(route: string): boolean {
  return Object.values(LIVE_PAGE_ROUTES).some((names) =>
    (names as readonly string[]).includes(route),
  );
}
