/**
 * 诺诺's access_token, kept in the database (nuonuo_tokens) so that every server process shares
 * one: the platform lets an app fetch at most 50 tokens in 30 days, each good for 24 hours. A row
 * that is missing, near its expiry or refused by the platform is refreshed by one process at a
 * time: the one that takes the row's lease (one conditional UPDATE); the others wait for the value
 * it stores. No transaction stays open while the platform is asked (the sandbox may answer from
 * the same database), and a process that dies holding the lease lets it lapse after LEASE_MS.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { nuonuoTokens } from '#lib/platform/db/schema.ts';

/**
 * Refreshed this long before expiry (the platform's own advice is "at 23 hours"): a token handed
 * out still works when used, and a day's refreshes stay far below 50 a month.
 */
export const REFRESH_MARGIN_MS = 60 * 60_000;
/** How long a refresh may take before another process may take over. */
export const LEASE_MS = 30_000;
const POLL_MS = 100;

export interface FreshToken {
  value: string;
  /** Seconds, as the platform answers (86400). */
  expiresIn: number;
}

export interface TokenOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  /** A token the platform refused (070301): refreshed unless another process already replaced it. */
  rejected?: string | undefined;
}

type Row = { value: string; expiresAt: Date };

function usable(row: Row | undefined, now: Date, rejected: string | undefined): row is Row {
  return (
    row !== undefined &&
    row.value !== '' &&
    row.value !== rejected &&
    row.expiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime()
  );
}

/**
 * The stored token of `appKey`, or, when it needs refreshing, the one `fetch` brings (called by
 * one process at a time; the others wait for it).
 */
export async function sharedToken(
  db: DbOrTx,
  appKey: string,
  fetch: () => Promise<FreshToken>,
  options: TokenOptions = {},
): Promise<string> {
  const t = nuonuoTokens;
  const where = eq(t.appKey, appKey);
  const clock = options.now ?? (() => new Date());
  const read = () =>
    db
      .select({ value: t.value, expiresAt: t.expiresAt })
      .from(t)
      .where(where)
      .limit(1)
      .then(([row]) => row);

  let row = await read();
  if (usable(row, clock(), options.rejected)) return row.value;
  if (!row) {
    await db
      .insert(t)
      .values({ appKey, value: '', expiresAt: new Date(0) })
      .onConflictDoNothing();
  }
  const owner = randomUUID();
  for (;;) {
    // The lease runs on the real clock: it is about processes, not the platform's time.
    const wall = new Date();
    const [taken] = await db
      .update(t)
      .set({ leaseOwner: owner, leaseUntil: new Date(wall.getTime() + LEASE_MS) })
      .where(and(where, or(isNull(t.leaseUntil), lt(t.leaseUntil, wall))))
      .returning({ value: t.value, expiresAt: t.expiresAt });
    if (taken) {
      // Refreshed by another process between the read and the lease: nothing to fetch.
      if (usable(taken, clock(), options.rejected)) {
        await release(db, appKey, owner);
        return taken.value;
      }
      try {
        const fresh = await fetch();
        const now = clock();
        await db
          .update(t)
          .set({
            value: fresh.value,
            expiresAt: new Date(now.getTime() + fresh.expiresIn * 1000),
            refreshedAt: now,
            leaseOwner: null,
            leaseUntil: null,
          })
          .where(and(where, eq(t.leaseOwner, owner)));
        return fresh.value;
      } catch (error) {
        await release(db, appKey, owner);
        throw error;
      }
    }
    // Another process is refreshing it: wait for what it stores (or for its lease to lapse).
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    row = await read();
    if (usable(row, clock(), options.rejected)) return row.value;
  }
}

function release(db: DbOrTx, appKey: string, owner: string) {
  return db
    .update(nuonuoTokens)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(nuonuoTokens.appKey, appKey), eq(nuonuoTokens.leaseOwner, owner)));
}
