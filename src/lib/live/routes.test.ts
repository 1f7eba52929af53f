import { describe, expect, it } from 'vitest';
import { isLiveRoomRoute, liveRoute } from './routes.ts';
import { LiveStatus, LiveType } from './status.ts';

describe('liveRoute', () => {
  it('opens a room on the page of its state', () => {
    expect(liveRoute({ liveStatus: LiveStatus.Living, replayUrl: null })).toBe('living');
    expect(liveRoute({ liveStatus: LiveStatus.Preheat, replayUrl: null })).toBe('live-preheat');
    expect(liveRoute({ liveStatus: LiveStatus.Ended, replayUrl: '/m/r.m3u8' })).toBe('live-review');
    expect(liveRoute({ liveStatus: LiveStatus.Ended, replayUrl: null })).toBe('live-end');
  });

  it('opens a school room on the school twin', () => {
    const school = { liveType: LiveType.School, replayUrl: null };
    expect(liveRoute({ ...school, liveStatus: LiveStatus.Living })).toBe('school-living');
    expect(liveRoute({ ...school, liveStatus: LiveStatus.Preheat })).toBe('school-live-preheat');
    expect(liveRoute({ ...school, liveStatus: LiveStatus.Ended, replayUrl: '/r' })).toBe(
      'school-live-review',
    );
    expect(liveRoute({ ...school, liveStatus: LiveStatus.Ended })).toBe('school-live-end');
    expect(liveRoute({ liveType: LiveType.Radio, liveStatus: 20, replayUrl: null })).toBe('living');
  });

  it('knows the room pages from the channels', () => {
    expect(isLiveRoomRoute('school-live-end')).toBe(true);
    expect(isLiveRoomRoute('living')).toBe(true);
    expect(isLiveRoomRoute('live-channel')).toBe(false);
    expect(isLiveRoomRoute('index')).toBe(false);
  });
});
