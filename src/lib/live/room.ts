/**
 * The live room's rules (issue #16): what a comment may say, how fast a shopper may speak, how
 * likes are batched, and how the viewer counts of many server processes add up. Pure: the
 * server (room.server.ts) reads the stored comments and the bus, these decide.
 */
import { LiveErrors } from './live-errors.ts';
import { BLOCKED_WORDS } from './words.ts';

/** A comment's length after trimming, in characters (a Chinese character is one). */
export const COMMENT_MAX = 50;
/** At most one comment per user every 2 s ... */
export const COMMENT_INTERVAL_MS = 2_000;
/** ... and 10 a minute. */
export const COMMENTS_PER_MINUTE = 10;
/** A like call carries the taps of up to a second, at most this many. */
export const LIKE_BATCH_MAX = 50;
/** How often the page sends its batched likes. */
export const LIKE_FLUSH_MS = 1_000;
/**
 * A user's likes of a room count at most LIKES_PER_WINDOW per LIKE_WINDOW_MS (decision 036): a
 * quick thumb taps about 15 times a second; what comes faster is not a hand and is dropped.
 */
export const LIKE_WINDOW_MS = 10_000;
export const LIKES_PER_WINDOW = 200;
/** A viewer (a user, else a client address) counts as one view of a room per this window. */
export const VIEW_WINDOW_MS = 30 * 60_000;
/** The messages a room shows when opened (and at most this many replayed on a reconnect). */
export const LATEST_MESSAGES = 50;
/** A process publishes its viewer counts on change (at most this often) ... */
export const VIEWERS_PUBLISH_MS = 1_000;
/** ... and as a heartbeat every 5 s; a count not heard of for 15 s is dropped (process gone). */
export const VIEWERS_HEARTBEAT_MS = 5_000;
export const VIEWERS_STALE_MS = 15_000;
/** Viewers get the room's numbers (online, likes, views) at most once a second. */
export const STATS_EVERY_MS = 1_000;

type Refusal = { code: number; message: string };

/** Lower case, spaces and punctuation out: what the word filter compares. */
function folded(text: string): string {
  return text.toLowerCase().replace(/[\s\p{P}\p{S}]/gu, '');
}

/** The word of the list the text contains, or null. */
export function blockedWord(text: string): string | null {
  const plain = folded(text);
  return BLOCKED_WORDS.find((word) => plain.includes(folded(word))) ?? null;
}

/** A comment as stored (trimmed), or why it is refused: empty, over 50 characters, a blocked word. */
export function checkComment(raw: string): { text: string } | { refusal: Refusal } {
  const text = raw.trim();
  if (text.length === 0) return { refusal: LiveErrors.LIVE_COMMENT_EMPTY };
  if ([...text].length > COMMENT_MAX) return { refusal: LiveErrors.LIVE_COMMENT_TOO_LONG };
  if (blockedWord(text)) return { refusal: LiveErrors.LIVE_COMMENT_FILTERED };
  return { text };
}

/**
 * Whether the user may comment now, from the times of their comments of the last minute (any
 * room, any process: they are read from the store). Null when they may.
 */
export function commentRateRefusal(recent: readonly Date[], now: Date): Refusal | null {
  const ms = now.getTime();
  const lastMinute = recent.filter((at) => ms - at.getTime() < 60_000);
  if (lastMinute.some((at) => ms - at.getTime() < COMMENT_INTERVAL_MS)) {
    return LiveErrors.LIVE_COMMENT_TOO_FAST;
  }
  if (lastMinute.length >= COMMENTS_PER_MINUTE) return LiveErrors.LIVE_COMMENT_TOO_MANY;
  return null;
}

/** A user's like window of a room: when it started and the likes taken in it. */
export interface LikeWindow {
  startedAt: Date;
  taken: number;
}

/**
 * How many of `count` likes count now, and the window after them: a window older than
 * LIKE_WINDOW_MS starts again now; a window holds at most LIKES_PER_WINDOW.
 */
export function likeGrant(
  window: LikeWindow | null,
  count: number,
  now: Date,
): { granted: number; window: LikeWindow } {
  const current =
    window && now.getTime() - window.startedAt.getTime() < LIKE_WINDOW_MS
      ? window
      : { startedAt: now, taken: 0 };
  const granted = Math.max(0, Math.min(count, LIKES_PER_WINDOW - current.taken));
  return { granted, window: { startedAt: current.startedAt, taken: current.taken + granted } };
}

/**
 * The viewer counts the processes published: the latest per process and room, summed over the
 * processes heard of within VIEWERS_STALE_MS. One per process; pure but for the clock it is given.
 */
export class ViewerTally {
  /** process → (room → count), and when the process was last heard of. */
  readonly #byProcess = new Map<string, { at: number; rooms: Map<number, number> }>();

  /** A process's counts of every room it has viewers in (a room it no longer has is 0). */
  record(processId: string, rooms: Record<string, number>, at: number): void {
    this.#byProcess.set(processId, {
      at,
      rooms: new Map(Object.entries(rooms).map(([room, n]) => [Number(room), n])),
    });
  }

  online(room: number, now: number): number {
    let total = 0;
    for (const [processId, entry] of this.#byProcess) {
      if (now - entry.at > VIEWERS_STALE_MS) {
        this.#byProcess.delete(processId);
        continue;
      }
      total += entry.rooms.get(room) ?? 0;
    }
    return total;
  }
}
