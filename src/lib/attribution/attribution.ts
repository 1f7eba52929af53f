/**
 * Attribution rules (decision 022): a shopper belongs, in each shop, to the first active shop
 * keeper whose link they arrived by, for ATTRIBUTION_DAYS from that arrival (renewed by each
 * purchase attributed to them); a later keeper's link binds them only once that has lapsed.
 * The arrival is remembered in a signed, httpOnly cookie before any redirect, so signing in
 * (member auth, phone login, account merge) cannot lose it even when a redirect drops the
 * link's query.
 */
import { shopDay } from '#lib/platform/time.ts';

export const ATTRIBUTION_DAYS = 30;
export const ATTRIBUTION_MS = ATTRIBUTION_DAYS * 86_400_000;

/** The arrival cookie of a shop. */
export const arrivalCookieName = (shopId: string) => `arrival_${shopId}`;

/** What the arrival cookie remembers. Times are epoch seconds. */
export interface Arrival {
  distributorId: number;
  /** The first arrival by this keeper's link. */
  at: number;
  /** The last visit counted for the keeper (one a day per browser). */
  seenAt: number;
  /** The signed-in user last bound from it; 0 while nobody was. */
  boundUserId: number;
}

/** The cookie's text without its signature. */
export function arrivalPayload(a: Arrival): string {
  return `${a.distributorId}.${a.at}.${a.seenAt}.${a.boundUserId}`;
}

/** Reads the unsigned part back; null for anything malformed. */
export function parseArrivalPayload(payload: string): Arrival | null {
  const match = /^(\d{1,15})\.(\d{1,12})\.(\d{1,12})\.(\d{1,15})$/.exec(payload);
  if (!match) return null;
  const [distributorId, at, seenAt, boundUserId] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  if (distributorId <= 0) return null;
  return { distributorId, at, seenAt, boundUserId };
}

/** The keeper a page URL names: its distributorId, unless distId=empty drops it. */
export function linkDistributorId(params: URLSearchParams): number | null {
  if (params.get('distId') === 'empty') return null;
  const raw = params.get('distributorId');
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** Whether an arrival still binds: within the attribution window (and not from the future). */
export function arrivalLive(arrival: Arrival, now: Date): boolean {
  const age = now.getTime() - arrival.at * 1000;
  return age < ATTRIBUTION_MS && age > -60_000;
}

export type ArrivalStep =
  | { kind: 'none' }
  /** A keeper's link: count a visit and/or bind the viewer, and remember the arrival. */
  | { kind: 'link'; countVisit: boolean; bindUserId: number | null; arrival: Arrival }
  /** No link (or another keeper's): bind the now signed-in viewer to the earlier arrival. */
  | { kind: 'bind'; bindUserId: number; arrival: Arrival };

/**
 * What a page request does about attribution, from its link, the arrival cookie and the viewer.
 * First touch: a live arrival keeps its keeper when another keeper's link comes. A visit counts
 * once per keeper, browser and day. A keeper is never their own customer.
 */
export function arrivalStep(input: {
  link: number | null;
  cookie: Arrival | null;
  userId: number | null;
  now: Date;
}): ArrivalStep {
  const { link, userId, now } = input;
  const cookie = input.cookie && arrivalLive(input.cookie, now) ? input.cookie : null;
  const owes = (a: Arrival) =>
    userId !== null && a.boundUserId !== userId && a.distributorId !== userId;
  if (link !== null && link !== userId && (cookie === null || cookie.distributorId === link)) {
    const nowSec = Math.floor(now.getTime() / 1000);
    const base = cookie ?? { distributorId: link, at: nowSec, seenAt: 0, boundUserId: 0 };
    const countVisit = shopDay(new Date(base.seenAt * 1000)) !== shopDay(now);
    const bindUserId = owes(base) ? userId : null;
    if (!countVisit && bindUserId === null) return { kind: 'none' };
    return {
      kind: 'link',
      countVisit,
      bindUserId,
      arrival: {
        ...base,
        seenAt: countVisit ? nowSec : base.seenAt,
        boundUserId: bindUserId ?? base.boundUserId,
      },
    };
  }
  if (cookie && owes(cookie)) {
    return { kind: 'bind', bindUserId: userId!, arrival: { ...cookie, boundUserId: userId! } };
  }
  return { kind: 'none' };
}
