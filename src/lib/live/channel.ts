/**
 * The rules around a live (issue #16 items 1 and 3): how the channels group and order the shop's
 * rooms, what a card says, when a room may be 预约'd, how the hot courses and the star programme
 * (明星计划) rank, and the summary's numbers. Pure and isomorphic; the reads are channel.server.ts.
 */
import type { RouteName } from '#lib/platform/routes.ts';
import { saleEndFormat } from '#lib/platform/time.ts';
import { liveRoute } from './routes.ts';
import { LiveStatus, LiveType } from './status.ts';

/** A room as the channels and the pages around a live read it. */
export interface ChannelRoom {
  liveNo: string;
  title: string;
  coverUrl: string | null;
  liveType: number;
  liveStatus: number;
  startAt: Date;
  endAt: Date | null;
  replayUrl: string | null;
  hostName: string;
  intro: string;
  likeCount: number;
  viewCount: number;
  productNos: string[];
}

/** At most this many ended rooms (replays) per channel: the latest. */
export const CHANNEL_REPLAYS_MAX = 50;

/** The channel a room belongs to: the way back from its pages. */
export function channelRouteOf(liveType: number): RouteName {
  if (liveType === LiveType.School) return 'school-live-channel';
  if (liveType === LiveType.Radio) return 'radio-live-channel';
  return 'live-channel';
}

/** The sections of a channel, in the order shown. */
export const ChannelSection = {
  Living: 'living',
  Upcoming: 'upcoming',
  Replay: 'replay',
} as const;
export type ChannelSection = (typeof ChannelSection)[keyof typeof ChannelSection];

export const SECTION_TITLE: Record<ChannelSection, string> = {
  living: '直播中',
  upcoming: '预告',
  replay: '回放',
};

export function sectionOf(room: Pick<ChannelRoom, 'liveStatus'>): ChannelSection {
  if (room.liveStatus === LiveStatus.Living) return ChannelSection.Living;
  if (room.liveStatus === LiveStatus.Preheat) return ChannelSection.Upcoming;
  return ChannelSection.Replay;
}

/** The badge on a card: 直播中, 预告, 回放 (a replay to watch) or 已结束. */
export function stateBadge(room: Pick<ChannelRoom, 'liveStatus' | 'replayUrl'>): string {
  if (room.liveStatus === LiveStatus.Living) return '直播中';
  if (room.liveStatus === LiveStatus.Preheat) return '预告';
  return room.replayUrl ? '回放' : '已结束';
}

const endOf = (room: Pick<ChannelRoom, 'startAt' | 'endAt'>) =>
  (room.endAt ?? room.startAt).getTime();

/**
 * The rooms by section: live now (the latest started first), upcoming (the soonest first),
 * replays and ended rooms (the latest ended first). Sections without rooms are left out.
 */
export function groupRooms<R extends ChannelRoom>(
  rooms: readonly R[],
): { section: ChannelSection; title: string; rooms: R[] }[] {
  const by = (section: ChannelSection) => rooms.filter((r) => sectionOf(r) === section);
  const tie = (a: R, b: R) => a.liveNo.localeCompare(b.liveNo);
  const groups = [
    {
      section: ChannelSection.Living,
      rooms: by(ChannelSection.Living).sort(
        (a, b) => b.startAt.getTime() - a.startAt.getTime() || tie(a, b),
      ),
    },
    {
      section: ChannelSection.Upcoming,
      rooms: by(ChannelSection.Upcoming).sort(
        (a, b) => a.startAt.getTime() - b.startAt.getTime() || tie(a, b),
      ),
    },
    {
      section: ChannelSection.Replay,
      rooms: by(ChannelSection.Replay).sort((a, b) => endOf(b) - endOf(a) || tie(a, b)),
    },
  ];
  return groups
    .filter((g) => g.rooms.length > 0)
    .map((g) => ({ ...g, title: SECTION_TITLE[g.section] }));
}

/**
 * The rooms a channel lists: live-channel the shop's selling rooms (ordinary and radio),
 * radio-live-channel the radio rooms, the school's channels the school rooms.
 */
export function channelTypes(liveType?: number): LiveType[] {
  if (liveType === LiveType.Radio) return [LiveType.Radio];
  if (liveType === LiveType.School) return [LiveType.School];
  return [LiveType.Normal, LiveType.Radio];
}

/** 预约 is for a room that has not started: the host has not gone live yet. */
export function canRemind(room: Pick<ChannelRoom, 'liveStatus'>): boolean {
  return room.liveStatus === LiveStatus.Preheat;
}

/** A count as cards show it: up to 9999 as is, then 1.2万, 12.3万, 1.2亿. */
export function formatCount(count: number): string {
  if (count < 10_000) return String(Math.max(0, Math.floor(count)));
  if (count < 100_000_000) return `${trimDecimal(count / 10_000)}万`;
  return `${trimDecimal(count / 100_000_000)}亿`;
}

function trimDecimal(value: number): string {
  return (Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, '');
}

/** "11/25 20:00 开播": when an upcoming room starts, in the shop's time zone. */
export function startText(startAt: Date): string {
  return `${saleEndFormat.format(startAt)} 开播`;
}

/** How long a live lasted: "45分钟", "2小时", "1小时05分钟"; under a minute "不足1分钟". */
export function durationText(startAt: Date, endAt: Date): string {
  const minutes = Math.floor(Math.max(0, endAt.getTime() - startAt.getTime()) / 60_000);
  if (minutes < 1) return '不足1分钟';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}分钟`;
  return rest === 0 ? `${hours}小时` : `${hours}小时${String(rest).padStart(2, '0')}分钟`;
}

/** 热门课程: the school's rooms by views, then likes, then the latest started. */
export function hotCourses<R extends ChannelRoom>(rooms: readonly R[]): R[] {
  return rooms
    .filter((r) => r.liveType === LiveType.School)
    .sort(
      (a, b) =>
        b.viewCount - a.viewCount ||
        b.likeCount - a.likeCount ||
        b.startAt.getTime() - a.startAt.getTime() ||
        a.liveNo.localeCompare(b.liveNo),
    );
}

/** One host of the star programme: their rooms' likes and views added up. */
export interface StarHost {
  rank: number;
  hostName: string;
  likeCount: number;
  viewCount: number;
  rooms: number;
  /** The host's most viewed room, whose cover and page the row shows. */
  topRoom: ChannelRoom;
}

/**
 * 明星计划: the shop's hosts ranked by the likes of all their rooms, then views, then name.
 * Equal likes and views share a rank (1, 2, 2, 4). A room without a host name is the shop's.
 */
export function rankHosts(rooms: readonly ChannelRoom[], shopName: string): StarHost[] {
  const hosts = new Map<string, Omit<StarHost, 'rank'>>();
  for (const room of rooms) {
    const hostName = room.hostName.trim() || shopName;
    const host = hosts.get(hostName);
    if (!host) {
      hosts.set(hostName, {
        hostName,
        likeCount: room.likeCount,
        viewCount: room.viewCount,
        rooms: 1,
        topRoom: room,
      });
      continue;
    }
    host.likeCount += room.likeCount;
    host.viewCount += room.viewCount;
    host.rooms += 1;
    if (room.viewCount > host.topRoom.viewCount) host.topRoom = room;
  }
  const sorted = [...hosts.values()].sort(
    (a, b) =>
      b.likeCount - a.likeCount ||
      b.viewCount - a.viewCount ||
      a.hostName.localeCompare(b.hostName, 'zh-CN'),
  );
  let rank = 0;
  return sorted.map((host, i) => {
    const previous = sorted[i - 1];
    if (
      !previous ||
      previous.likeCount !== host.likeCount ||
      previous.viewCount !== host.viewCount
    ) {
      rank = i + 1;
    }
    return { ...host, rank };
  });
}

/**
 * The school popup's room (shell §4): the school room live now (the latest started), else the
 * next upcoming one; none when the school has neither.
 */
export function schoolPopupRoom<R extends ChannelRoom>(rooms: readonly R[]): R | null {
  const school = rooms.filter((r) => r.liveType === LiveType.School);
  const living = school
    .filter((r) => r.liveStatus === LiveStatus.Living)
    .sort((a, b) => b.startAt.getTime() - a.startAt.getTime())[0];
  if (living) return living;
  return (
    school
      .filter((r) => r.liveStatus === LiveStatus.Preheat)
      .sort((a, b) => a.startAt.getTime() - b.startAt.getTime())[0] ?? null
  );
}

/**
 * The small window's room (shell §2): the shop's room live now — an ordinary room before a radio
 * one, the latest started first. School rooms are the keepers' own (the school popup and
 * school-live-channel lead there), never the shoppers' window.
 */
export function windowRoom<R extends ChannelRoom>(rooms: readonly R[]): R | null {
  const order = (r: R) => (r.liveType === LiveType.Normal ? 0 : 1);
  return (
    rooms
      .filter((r) => r.liveStatus === LiveStatus.Living && r.liveType !== LiveType.School)
      .sort((a, b) => order(a) - order(b) || b.startAt.getTime() - a.startAt.getTime())[0] ?? null
  );
}

/** A room's card as the calls answer it (times as ISO strings). */
export interface LiveCard {
  liveNo: string;
  title: string;
  coverUrl: string | null;
  liveType: number;
  liveStatus: number;
  startAt: string;
  endAt: string | null;
  hostName: string;
  likeCount: number;
  viewCount: number;
  /** 直播中, 预告, 回放 or 已结束. */
  badge: string;
  /** The page the card opens (its state's page, the school twin for a school room). */
  route: RouteName;
}

export function liveCard(room: ChannelRoom): LiveCard {
  return {
    liveNo: room.liveNo,
    title: room.title,
    coverUrl: room.coverUrl,
    liveType: room.liveType,
    liveStatus: room.liveStatus,
    startAt: room.startAt.toISOString(),
    endAt: room.endAt?.toISOString() ?? null,
    hostName: room.hostName,
    likeCount: room.likeCount,
    viewCount: room.viewCount,
    badge: stateBadge(room),
    route: liveRoute(room),
  };
}
