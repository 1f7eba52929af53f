import { describe, expect, it } from 'vitest';
import { LiveErrors } from './live-errors.ts';
import {
  COMMENT_MAX,
  LIKES_PER_WINDOW,
  LIKE_WINDOW_MS,
  VIEWERS_STALE_MS,
  ViewerTally,
  blockedWord,
  checkComment,
  commentRateRefusal,
  likeGrant,
} from './room.ts';

describe('checkComment', () => {
  it('trims, then allows 50 characters and refuses 51 (a Chinese character or emoji is one)', () => {
    expect(checkComment(`  ${'直'.repeat(COMMENT_MAX)}  `)).toEqual({ text: '直'.repeat(50) });
    expect(checkComment('🦌'.repeat(50))).toEqual({ text: '🦌'.repeat(50) });
    expect(checkComment('直'.repeat(51))).toEqual({ refusal: LiveErrors.LIVE_COMMENT_TOO_LONG });
    expect(checkComment(' \n ')).toEqual({ refusal: LiveErrors.LIVE_COMMENT_EMPTY });
  });

  it('refuses a listed word, also spaced, punctuated or in capitals', () => {
    expect(blockedWord('你是傻逼')).toBe('傻逼');
    expect(blockedWord('傻 ，逼')).toBe('傻逼');
    expect(blockedWord('S.B')).toBe('sb');
    expect(blockedWord('这件衣服真好看')).toBeNull();
    expect(checkComment('加 微 信 领红包')).toEqual({
      refusal: { code: 49805, message: '评论包含不文明用语，请修改后再发' },
    });
  });
});

describe('commentRateRefusal', () => {
  const now = new Date('2026-11-21T05:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('refuses a comment within 2 s of the last', () => {
    expect(commentRateRefusal([ago(1_999)], now)).toBe(LiveErrors.LIVE_COMMENT_TOO_FAST);
    expect(commentRateRefusal([ago(2_000)], now)).toBeNull();
  });
  it('refuses the 11th within a minute, and forgets comments older than a minute', () => {
    const ten = Array.from({ length: 10 }, (_, i) => ago(3_000 + i * 5_000));
    expect(commentRateRefusal(ten, now)).toBe(LiveErrors.LIVE_COMMENT_TOO_MANY);
    expect(commentRateRefusal([...ten.slice(1), ago(60_000)], now)).toBeNull();
  });
});

describe('commentRateRefusal across processes', () => {
  it('counts a comment stamped after now (another process stamped it later) as too close', () => {
    const now = new Date('2026-11-21T05:00:00Z');
    const later = new Date(now.getTime() + 5);
    expect(commentRateRefusal([later], now)).toBe(LiveErrors.LIVE_COMMENT_TOO_FAST);
  });
});

describe('likeGrant', () => {
  const now = new Date('2026-11-21T05:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  it('grants up to LIKES_PER_WINDOW in a window, then nothing until it starts again', () => {
    expect(LIKES_PER_WINDOW).toBe(200);
    expect(LIKE_WINDOW_MS).toBe(10_000);
    const first = likeGrant(null, 50, now);
    expect(first).toEqual({ granted: 50, window: { startedAt: now, taken: 50 } });
    const full = likeGrant({ startedAt: now, taken: 180 }, 50, at(9_999));
    expect(full).toEqual({ granted: 20, window: { startedAt: now, taken: 200 } });
    expect(likeGrant(full.window, 50, at(9_999)).granted).toBe(0);
    // A window 10 s old starts again now.
    expect(likeGrant(full.window, 50, at(10_000))).toEqual({
      granted: 50,
      window: { startedAt: at(10_000), taken: 50 },
    });
  });
});

describe('ViewerTally', () => {
  it('sums the latest count of each process and drops a process not heard of for 15 s', () => {
    const tally = new ViewerTally();
    tally.record('a', { 7: 3, 8: 1 }, 0);
    tally.record('b', { 7: 2 }, 1_000);
    expect(tally.online(7, 1_000)).toBe(5);
    tally.record('a', { 7: 1 }, 2_000);
    expect(tally.online(7, 2_000)).toBe(3);
    expect(tally.online(8, 2_000)).toBe(0);
    expect(tally.online(7, 1_000 + VIEWERS_STALE_MS + 1)).toBe(1);
    expect(tally.online(7, 2_000 + VIEWERS_STALE_MS + 1)).toBe(0);
  });
});
