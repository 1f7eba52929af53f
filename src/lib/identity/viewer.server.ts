/**
 * Who is asking, read cheaply (decision 015). The database raises a version per user
 * (`user_versions`, migration 0011) whenever anything about that user that pages show changes:
 * a session ends, the profile, a membership, the cart, an order, a coupon, an address. A page
 * request reads that version in the same statement as the content version, and the session, the
 * member and the user's own page data come from memory while it stands — exact on every server
 * at once, with no message bus, like the content version (decision 007).
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { contentVersion, userVersions } from '#lib/platform/db/schema.ts';
import { ByteLru, memoize } from '#lib/platform/lru.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import {
  knownContentVersion,
  knownUserVersion,
  noteVersions,
} from '#lib/platform/versions.server.ts';
import { readSession, type SessionRead } from './sessions.server.ts';

/** Entries count one each. */
const MAX_SESSIONS = 50_000;
const MAX_USER_READS = 20_000;

/**
 * Session token → whose it is and until when. A session never changes hands. Held by the token
 * itself, which every request carries anyway: hashing it (as the database keeps it) cost a
 * tenth of a kept signed-in page's answer.
 */
const tokens = new ByteLru<{ userId: number; expiresAt: number }>(MAX_SESSIONS);
/** `token|shop|userVersion` → the session as read at that version. */
const viewers = new ByteLru<SessionRead>(MAX_SESSIONS);

function usableToken(token: string | undefined): token is string {
  return !!token && token.length <= 100;
}

/** The user a session token belonged to when last read, while it has not expired. */
export function knownUserId(token: string | undefined, now = Date.now()): number | null {
  if (!usableToken(token)) return null;
  const entry = tokens.get(token);
  if (!entry) return null;
  if (entry.expiresAt <= now) {
    tokens.delete(token);
    return null;
  }
  return entry.userId;
}

export interface Versions {
  content: number;
  /** The asking user's version, when the session's user is known; else null. */
  user: number | null;
}

/**
 * The content version and, for a known user, theirs: from memory while the server holds them
 * (platform/versions.server.ts, decision 045), else one statement per page request.
 */
export async function readVersions(db: DbOrTx, userId: number | null): Promise<Versions> {
  const content = knownContentVersion();
  if (content !== null && userId === null) return { content, user: null };
  if (content !== null && userId !== null) {
    const user = knownUserVersion(userId);
    if (user !== null) return { content, user };
  }
  if (userId === null) {
    const read = await readContentVersion(db);
    noteVersions(read);
    return { content: read, user: null };
  }
  const [row] = await db
    .select({
      content: contentVersion.version,
      user: sql<number>`coalesce((select ${userVersions.version} from ${userVersions} where ${userVersions.userId} = ${userId}), 0)`.mapWith(
        Number,
      ),
    })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
  const versions = { content: row?.content ?? 0, user: row?.user ?? 0 };
  noteVersions(versions.content, { id: userId, version: versions.user });
  // What the process holds may be newer than this read (a notification raced it).
  return {
    content: knownContentVersion() ?? versions.content,
    user: knownUserVersion(userId) ?? versions.user,
  };
}

/**
 * The session's user and their membership of the shop: from memory when the user's version
 * (read by readVersions for knownUserId) is the one it was read at, else from the database.
 */
export async function readViewer(
  db: DbOrTx,
  token: string | undefined,
  shopId: string,
  userVersion: number | null,
  now = new Date(),
): Promise<SessionRead | null> {
  if (!usableToken(token)) return null;
  if (userVersion !== null) {
    const kept = viewers.get(`${token}|${shopId}|${userVersion}`);
    if (kept && kept.expiresAt > now) return kept;
  }
  const read = await readSession(db, token, shopId, now);
  if (!read) {
    tokens.delete(token);
    return null;
  }
  tokens.set(token, { userId: read.user.id, expiresAt: read.expiresAt.getTime() }, 1);
  viewers.set(`${token}|${shopId}|${read.userVersion}`, read, 1);
  return read;
}

/**
 * The session as held in memory for this shop at the user's version held in memory (decision
 * 045), or null when anything must be read: the front door answers only from what is held.
 */
export function heldSession(
  token: string | undefined,
  shopId: string,
  now = Date.now(),
): SessionRead | null {
  if (!usableToken(token)) return null;
  const owner = tokens.get(token);
  if (!owner || owner.expiresAt <= now) return null;
  const userVersion = knownUserVersion(owner.userId);
  if (userVersion === null) return null;
  const kept = viewers.get(`${token}|${shopId}|${userVersion}`);
  return kept && kept.expiresAt.getTime() > now ? kept : null;
}

/** A default bound for user reads: changes raise the version, so this only limits memory use. */
export const USER_READ_MAX_AGE_MS = 600_000;

const userReads = memoize(new ByteLru<unknown>(MAX_USER_READS), () => 1);

/**
 * A read of the user's own data (their orders, coupons, cart …) once per user version, for at
 * most maxAgeMs (for what changes with the clock alone, e.g. a coupon passing its end).
 * `load` must read only tables whose changes raise the user's version (migration 0011).
 */
/** What cachedUserRead holds for the key, or undefined: nothing is read. */
export function heldUserRead<T>(
  viewer: { userId: number; userVersion: number },
  key: string,
  maxAgeMs: number,
  now = Date.now(),
): T | undefined {
  const period = Math.floor(now / maxAgeMs);
  return userReads.peek(`${viewer.userId}|${viewer.userVersion}|${maxAgeMs}:${period}|${key}`) as
    T | undefined;
}

export function cachedUserRead<T>(
  viewer: { userId: number; userVersion: number },
  key: string,
  load: () => Promise<T>,
  maxAgeMs: number,
  now = Date.now(),
): Promise<T> {
  const period = Math.floor(now / maxAgeMs);
  return userReads(
    `${viewer.userId}|${viewer.userVersion}|${maxAgeMs}:${period}|${key}`,
    load,
  ) as Promise<T>;
}
