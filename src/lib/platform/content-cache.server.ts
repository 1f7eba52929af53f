/**
 * Reads of what shop pages show (shops, config, products, sales), cached per content version.
 *
 * Database triggers raise `content_version` whenever such content changes (migration 0002), so a
 * page request reads one number and then answers from memory until something changes — on every
 * server at once, with no message bus. Only content that is the same for every visitor goes here;
 * a user's own data (session, cart, orders) is always read fresh.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './db/client.server.ts';
import { contentVersion } from './db/schema.ts';
import { ByteLru, memoize } from './lru.ts';

/** The current content version: one tiny read, done once per page request. */
export async function readContentVersion(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}

/** Entries count one each: at most this many catalogue reads stay in memory. */
const MAX_ENTRIES = 5000;
const reads = memoize(new ByteLru<unknown>(MAX_ENTRIES), () => 1);

/** How long a read may be kept at most, even when nothing raises the version. */
export const CONTENT_MAX_AGE_MS = 60_000;

/**
 * `load()` once per (version, key, minute); concurrent callers share one read. Numbers that move
 * with every sale without raising the version (sold counts) are therefore at most a minute old.
 * A null result (unknown product, closed shop) is not kept, so it is looked up again next time.
 */
/** What cachedContent holds for (version, key) this minute, or undefined: nothing is read. */
export function heldContent<T>(version: number, key: string, now = Date.now()): T | undefined {
  const period = Math.floor(now / CONTENT_MAX_AGE_MS);
  return reads.peek(`${version}:${period}:${key}`) as T | undefined;
}

export function cachedContent<T>(
  version: number,
  key: string,
  load: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  const period = Math.floor(now / CONTENT_MAX_AGE_MS);
  return reads(`${version}:${period}:${key}`, load) as Promise<T>;
}
