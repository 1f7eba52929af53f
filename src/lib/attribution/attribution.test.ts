import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_MS,
  type Arrival,
  arrivalCookieName,
  arrivalLive,
  arrivalPayload,
  arrivalStep,
  linkDistributorId,
  parseArrivalPayload,
} from './attribution.ts';

/** 2026-11-21 12:00 in Shanghai (04:00 UTC): mid-day, so a few hours stay on the same shop day. */
const NOW = new Date('2026-11-21T04:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const sec = (at: Date) => Math.floor(at.getTime() / 1000);
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

const KEEPER = 7;
const OTHER_KEEPER = 8;
const SHOPPER = 42;

/** A cookie of KEEPER's link, first seen `age` ago and last counted then. */
const arrival = (age = 0, overrides: Partial<Arrival> = {}): Arrival => ({
  distributorId: KEEPER,
  at: sec(at(-age)),
  seenAt: sec(at(-age)),
  boundUserId: 0,
  ...overrides,
});

const params = (query: string) => new URLSearchParams(query);

describe('the link a page URL names', () => {
  it('is its distributorId, a positive whole number', () => {
    expect(linkDistributorId(params('shopId=1001&distributorId=7'))).toBe(7);
    expect(linkDistributorId(params('shopId=1001'))).toBeNull();
    expect(linkDistributorId(params('distributorId='))).toBeNull();
    expect(linkDistributorId(params('distributorId=0'))).toBeNull();
    expect(linkDistributorId(params('distributorId=-3'))).toBeNull();
    expect(linkDistributorId(params('distributorId=7a'))).toBeNull();
    expect(linkDistributorId(params('distributorId=1e3'))).toBeNull();
    expect(linkDistributorId(params('distributorId=7.5'))).toBeNull();
    expect(linkDistributorId(params(`distributorId=${'9'.repeat(16)}`))).toBeNull();
  });

  it('is dropped by distId=empty, whatever distributorId says', () => {
    expect(linkDistributorId(params('distributorId=7&distId=empty'))).toBeNull();
    expect(linkDistributorId(params('distId=empty&distributorId=7'))).toBeNull();
    expect(linkDistributorId(params('distributorId=7&distId=3'))).toBe(7);
  });
});

describe('the arrival cookie', () => {
  it('is named per shop', () => {
    expect(arrivalCookieName('1001')).toBe('arrival_1001');
    expect(arrivalCookieName('1002')).not.toBe(arrivalCookieName('1001'));
  });

  it('reads back what it wrote', () => {
    const a = arrival(2 * HOUR, { boundUserId: SHOPPER });
    expect(arrivalPayload(a)).toBe(`7.${a.at}.${a.seenAt}.42`);
    expect(parseArrivalPayload(arrivalPayload(a))).toEqual(a);
  });

  it('refuses anything malformed', () => {
    for (const bad of [
      '',
      '7',
      '7.1.2',
      '7.1.2.3.4',
      '0.1.2.3', // no keeper
      '-7.1.2.3',
      'a.1.2.3',
      '7.1.2.x',
      '7..2.3',
      ' 7.1.2.3',
      '7.1.2.3 ',
      '7.1.2.3\n',
      '7.1.2.3.sig',
      '7.1.5e9.3',
      `${'9'.repeat(16)}.1.2.3`,
      `7.${'9'.repeat(13)}.2.3`,
      '７.1.2.3',
    ]) {
      expect(parseArrivalPayload(bad), bad).toBeNull();
    }
  });
});

describe('an arrival', () => {
  it('binds for the attribution window, and never from the future', () => {
    expect(ATTRIBUTION_MS).toBe(30 * DAY);
    expect(arrivalLive(arrival(0), NOW)).toBe(true);
    expect(arrivalLive(arrival(30 * DAY - 1000), NOW)).toBe(true);
    expect(arrivalLive(arrival(30 * DAY), NOW)).toBe(false);
    expect(arrivalLive(arrival(-30_000), NOW)).toBe(true); // a clock a little ahead
    expect(arrivalLive(arrival(-2 * HOUR), NOW)).toBe(false);
  });
});

describe('a page request', () => {
  it('does nothing without a link or an arrival', () => {
    expect(arrivalStep({ link: null, cookie: null, userId: null, now: NOW })).toEqual({
      kind: 'none',
    });
    expect(arrivalStep({ link: null, cookie: null, userId: SHOPPER, now: NOW })).toEqual({
      kind: 'none',
    });
  });

  it('remembers the first keeper’s link, counts the visit and binds nobody while anonymous', () => {
    expect(arrivalStep({ link: KEEPER, cookie: null, userId: null, now: NOW })).toEqual({
      kind: 'link',
      countVisit: true,
      bindUserId: null,
      arrival: { distributorId: KEEPER, at: sec(NOW), seenAt: sec(NOW), boundUserId: 0 },
    });
  });

  it('binds a signed-in viewer arriving by a link at once', () => {
    expect(arrivalStep({ link: KEEPER, cookie: null, userId: SHOPPER, now: NOW })).toEqual({
      kind: 'link',
      countVisit: true,
      bindUserId: SHOPPER,
      arrival: { distributorId: KEEPER, at: sec(NOW), seenAt: sec(NOW), boundUserId: SHOPPER },
    });
  });

  it('counts a keeper’s visit once a shop day per browser', () => {
    const earlier = arrival(3 * HOUR);
    expect(arrivalStep({ link: KEEPER, cookie: earlier, userId: null, now: NOW })).toEqual({
      kind: 'none',
    });
    // 03:00 the next day in Shanghai: a new day, the first arrival kept.
    const tomorrow = at(15 * HOUR);
    expect(arrivalStep({ link: KEEPER, cookie: earlier, userId: null, now: tomorrow })).toEqual({
      kind: 'link',
      countVisit: true,
      bindUserId: null,
      arrival: { ...earlier, seenAt: sec(tomorrow) },
    });
  });

  it('keeps the first keeper when another keeper’s link comes while the arrival is live', () => {
    const first = arrival(5 * DAY);
    expect(arrivalStep({ link: OTHER_KEEPER, cookie: first, userId: null, now: NOW })).toEqual({
      kind: 'none',
    });
    // Signed in meanwhile: bound to the first keeper, not the link's.
    expect(arrivalStep({ link: OTHER_KEEPER, cookie: first, userId: SHOPPER, now: NOW })).toEqual({
      kind: 'bind',
      bindUserId: SHOPPER,
      arrival: { ...first, boundUserId: SHOPPER },
    });
  });

  it('takes the new keeper once the first arrival lapsed', () => {
    const lapsed = arrival(31 * DAY, { boundUserId: SHOPPER });
    expect(arrivalStep({ link: OTHER_KEEPER, cookie: lapsed, userId: null, now: NOW })).toEqual({
      kind: 'link',
      countVisit: true,
      bindUserId: null,
      arrival: { distributorId: OTHER_KEEPER, at: sec(NOW), seenAt: sec(NOW), boundUserId: 0 },
    });
    // A lapsed arrival binds nobody any more.
    expect(
      arrivalStep({ link: null, cookie: arrival(31 * DAY), userId: SHOPPER, now: NOW }),
    ).toEqual({ kind: 'none' });
    // The same keeper's link after the window starts a new arrival (a new window).
    expect(arrivalStep({ link: KEEPER, cookie: lapsed, userId: null, now: NOW })).toMatchObject({
      kind: 'link',
      arrival: { distributorId: KEEPER, at: sec(NOW), boundUserId: 0 },
    });
  });

  it('binds the viewer who signs in after arriving, once', () => {
    const anonymous = arrival(2 * HOUR);
    const step = arrivalStep({ link: null, cookie: anonymous, userId: SHOPPER, now: NOW });
    expect(step).toEqual({
      kind: 'bind',
      bindUserId: SHOPPER,
      arrival: { ...anonymous, boundUserId: SHOPPER },
    });
    const bound = step.kind === 'bind' ? step.arrival : anonymous;
    expect(arrivalStep({ link: null, cookie: bound, userId: SHOPPER, now: NOW })).toEqual({
      kind: 'none',
    });
    // The same link again that day: already counted, already bound.
    expect(arrivalStep({ link: KEEPER, cookie: bound, userId: SHOPPER, now: NOW })).toEqual({
      kind: 'none',
    });
    // The link again, signed in, while the cookie was bound to someone else (a shared phone).
    expect(arrivalStep({ link: KEEPER, cookie: bound, userId: 99, now: NOW })).toEqual({
      kind: 'link',
      countVisit: false,
      bindUserId: 99,
      arrival: { ...bound, boundUserId: 99 },
    });
  });

  it('never makes a keeper their own customer', () => {
    // Their own link: no visit, no binding, no arrival.
    expect(arrivalStep({ link: KEEPER, cookie: null, userId: KEEPER, now: NOW })).toEqual({
      kind: 'none',
    });
    // Signing in as the keeper whose link this browser arrived by.
    expect(arrivalStep({ link: null, cookie: arrival(HOUR), userId: KEEPER, now: NOW })).toEqual({
      kind: 'none',
    });
    expect(arrivalStep({ link: KEEPER, cookie: arrival(HOUR), userId: KEEPER, now: NOW })).toEqual({
      kind: 'none',
    });
    // Another keeper arriving by this keeper's link is an ordinary shopper of it.
    expect(
      arrivalStep({ link: KEEPER, cookie: null, userId: OTHER_KEEPER, now: NOW }),
    ).toMatchObject({ kind: 'link', bindUserId: OTHER_KEEPER });
  });

  it('ignores a link dropped by distId=empty, but still binds an earlier arrival', () => {
    const link = linkDistributorId(params('distributorId=8&distId=empty'));
    expect(arrivalStep({ link, cookie: null, userId: null, now: NOW })).toEqual({ kind: 'none' });
    expect(arrivalStep({ link, cookie: arrival(HOUR), userId: SHOPPER, now: NOW })).toMatchObject({
      kind: 'bind',
      arrival: { distributorId: KEEPER, boundUserId: SHOPPER },
    });
  });
});
