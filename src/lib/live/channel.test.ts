import { describe, expect, it } from 'vitest';
import {
  canRemind,
  channelTypes,
  durationText,
  formatCount,
  groupRooms,
  hotCourses,
  liveCard,
  rankHosts,
  schoolPopupRoom,
  stateBadge,
  windowRoom,
  type ChannelRoom,
} from './channel.ts';
import { LiveStatus, LiveType } from './status.ts';

const NOW = new Date('2026-11-21T04:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

let serial = 0;
function room(overrides: Partial<ChannelRoom> = {}): ChannelRoom {
  serial += 1;
  return {
    liveNo: `L${String(serial).padStart(4, '0')}`,
    title: `直播${serial}`,
    coverUrl: null,
    liveType: LiveType.Normal,
    liveStatus: LiveStatus.Living,
    startAt: at(-60),
    endAt: null,
    replayUrl: null,
    hostName: '店长',
    intro: '',
    likeCount: 0,
    viewCount: 0,
    productNos: [],
    ...overrides,
  };
}

describe('the channel', () => {
  it('groups rooms as 直播中, 预告, 回放, each in its order, leaving empty sections out', () => {
    const early = room({ liveStatus: LiveStatus.Living, startAt: at(-120) });
    const late = room({ liveStatus: LiveStatus.Living, startAt: at(-10) });
    const soon = room({ liveStatus: LiveStatus.Preheat, startAt: at(30) });
    const later = room({ liveStatus: LiveStatus.Preheat, startAt: at(3000) });
    const old = room({ liveStatus: LiveStatus.Ended, startAt: at(-5000), endAt: at(-4000) });
    const recent = room({ liveStatus: LiveStatus.Ended, startAt: at(-300), endAt: at(-200) });
    const groups = groupRooms([old, later, early, soon, recent, late]);
    expect(groups.map((g) => g.title)).toEqual(['直播中', '预告', '回放']);
    expect(groups.map((g) => g.rooms.map((r) => r.liveNo))).toEqual([
      [late.liveNo, early.liveNo],
      [soon.liveNo, later.liveNo],
      [recent.liveNo, old.liveNo],
    ]);
    expect(groupRooms([soon]).map((g) => g.section)).toEqual(['upcoming']);
    expect(groupRooms([])).toEqual([]);
  });

  it('badges a room by its state, a replay only when it has one', () => {
    expect(stateBadge({ liveStatus: LiveStatus.Living, replayUrl: null })).toBe('直播中');
    expect(stateBadge({ liveStatus: LiveStatus.Preheat, replayUrl: null })).toBe('预告');
    expect(stateBadge({ liveStatus: LiveStatus.Ended, replayUrl: '/r.m3u8' })).toBe('回放');
    expect(stateBadge({ liveStatus: LiveStatus.Ended, replayUrl: null })).toBe('已结束');
  });

  it('opens a card on its state’s page, the school twin for a school room', () => {
    expect(liveCard(room({ liveStatus: LiveStatus.Preheat })).route).toBe('live-preheat');
    expect(
      liveCard(room({ liveStatus: LiveStatus.Ended, replayUrl: '/r.m3u8', liveType: 30 })).route,
    ).toBe('school-live-review');
    expect(liveCard(room({ liveStatus: LiveStatus.Ended })).route).toBe('live-end');
    expect(liveCard(room({ startAt: NOW })).startAt).toBe(NOW.toISOString());
  });

  it('lists selling rooms on live-channel, one type on the radio and school channels', () => {
    expect(channelTypes()).toEqual([LiveType.Normal, LiveType.Radio]);
    expect(channelTypes(LiveType.Normal)).toEqual([LiveType.Normal, LiveType.Radio]);
    expect(channelTypes(LiveType.Radio)).toEqual([LiveType.Radio]);
    expect(channelTypes(LiveType.School)).toEqual([LiveType.School]);
  });
});

describe('预约', () => {
  it('is only for a room that has not started', () => {
    expect(canRemind({ liveStatus: LiveStatus.Preheat })).toBe(true);
    expect(canRemind({ liveStatus: LiveStatus.Living })).toBe(false);
    expect(canRemind({ liveStatus: LiveStatus.Ended })).toBe(false);
  });
});

describe('numbers', () => {
  it('counts up to 9999 as they are, then in 万 and 亿 with one decimal, never rounded up', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(10_000)).toBe('1万');
    expect(formatCount(12_860)).toBe('1.2万');
    expect(formatCount(19_999)).toBe('1.9万');
    expect(formatCount(123_456_789)).toBe('1.2亿');
  });

  it('says how long a live lasted', () => {
    expect(durationText(at(0), at(0.5))).toBe('不足1分钟');
    expect(durationText(at(0), at(45))).toBe('45分钟');
    expect(durationText(at(0), at(120))).toBe('2小时');
    expect(durationText(at(0), at(65))).toBe('1小时05分钟');
    expect(durationText(at(10), at(0))).toBe('不足1分钟');
  });
});

describe('rankings', () => {
  it('ranks the school’s rooms by views, then likes, leaving other rooms out', () => {
    const a = room({ liveType: LiveType.School, viewCount: 10, likeCount: 5 });
    const b = room({ liveType: LiveType.School, viewCount: 30, likeCount: 1 });
    const c = room({ liveType: LiveType.School, viewCount: 10, likeCount: 9 });
    const other = room({ liveType: LiveType.Normal, viewCount: 999 });
    expect(hotCourses([a, b, c, other]).map((r) => r.liveNo)).toEqual([
      b.liveNo,
      c.liveNo,
      a.liveNo,
    ]);
  });

  it('ranks hosts by the likes of all their rooms, ties sharing a rank', () => {
    const rows = rankHosts(
      [
        room({ hostName: '甲', likeCount: 100, viewCount: 10 }),
        room({ hostName: '乙', likeCount: 60, viewCount: 50 }),
        room({ hostName: '乙', likeCount: 60, viewCount: 80 }),
        room({ hostName: '丙', likeCount: 100, viewCount: 10 }),
        room({ hostName: '', likeCount: 1, viewCount: 1 }),
      ],
      '小鹿优选',
    );
    expect(rows.map((r) => [r.rank, r.hostName, r.likeCount, r.viewCount, r.rooms])).toEqual([
      [1, '乙', 120, 130, 2],
      [2, '丙', 100, 10, 1],
      [2, '甲', 100, 10, 1],
      [4, '小鹿优选', 1, 1, 1],
    ]);
    expect(rows[0]!.topRoom.viewCount).toBe(80);
  });
});

describe('the small window and the school popup', () => {
  it('show the room live now: an ordinary one before radio, never a school room in the window', () => {
    const radio = room({ liveType: LiveType.Radio, startAt: at(-5) });
    const normal = room({ liveType: LiveType.Normal, startAt: at(-50) });
    const school = room({ liveType: LiveType.School, startAt: at(-1) });
    expect(windowRoom([radio, school, normal])).toBe(normal);
    expect(windowRoom([radio, school])).toBe(radio);
    expect(windowRoom([school, room({ liveStatus: LiveStatus.Preheat })])).toBeNull();
  });

  it('point the school popup at the school live now, else the next upcoming one', () => {
    const next = room({
      liveType: LiveType.School,
      liveStatus: LiveStatus.Preheat,
      startAt: at(60),
    });
    const after = room({
      liveType: LiveType.School,
      liveStatus: LiveStatus.Preheat,
      startAt: at(600),
    });
    const living = room({ liveType: LiveType.School, startAt: at(-30) });
    expect(schoolPopupRoom([after, next, living])).toBe(living);
    expect(schoolPopupRoom([after, next])).toBe(next);
    expect(
      schoolPopupRoom([room(), room({ liveType: LiveType.School, liveStatus: 30 })]),
    ).toBeNull();
  });
});
