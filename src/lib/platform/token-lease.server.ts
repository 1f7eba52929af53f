/**
 * A vendor's access token kept in a database row so that every server process shares one. A row
 * that is missing, near its expiry or refused by the vendor is refreshed by one process at a
 * time: the one that takes the row's lease (one conditional UPDATE); the others wait for the value
 * it stores. Vendors cap how many tokens an app may fetch, or invalidate the older one, so a
 * refresh per process would not do. No transaction stays open while the vendor is asked (its
 * sandbox may answer from the same database), and a process that dies holding the lease lets it
 * lapse after `leaseMs`.
 *
 * The area that owns the table passes it in; it needs the columns below, keyed as it likes.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, isNull, lt, or } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db/client.server.ts';

export type TokenTable = PgTable & {
  /** Empty until first fetched. */
  value: AnyPgColumn<{ data: string; notNull: true }>;
  expiresAt: AnyPgColumn<{ data: Date; notNull: true }>;
  refreshedAt: AnyPgColumn<{ data: Date }>;
  leaseOwner: AnyPgColumn<{ data: string }>;
  leaseUntil: AnyPgColumn<{ data: Date }>;
};

export interface FreshToken {
  value: string;
  /** Seconds, as the vendor answers. */
  expiresIn: number;
}

export interface TokenLease<T extends TokenTable> {
  table: T;
  /** The row's key columns and their values (its primary key). */
  key: Partial<T['$inferSelect']>;
  /** Refreshed this long before expiry, so a token handed out still works when used. */
  refreshMarginMs: number;
  /** How long a refresh may take before another process may take over. */
  leaseMs: number;
}

export interface TokenOptions {
  /** The clock the expiry is judged by (tests move it); the lease keeps to the real one. */
  now?: () => Date;
  /** A token the vendor refused: refreshed unless another process already replaced it. */
  rejected?: string | undefined;
}

const POLL_MS = 100;

type Stored = { value: string; expiresAt: Date };

/**
 * The stored token, or, when it needs refreshing, the one `fetch` brings (called by one process
 * at a time; the others wait for it).
 */
export async function leasedToken<T extends TokenTable>(
  db: DbOrTx,
  lease: TokenLease<T>,
  fetch: () => Promise<FreshToken>,
  options: TokenOptions = {},
): Promise<string> {
  const { table: t, key, refreshMarginMs, leaseMs } = lease;
  // Drizzle cannot type writes to a generic table; the fields written are those TokenTable names.
  const table: PgTable = t;
  const columns = getTableColumns(table);
  const keyed = Object.entries(key).map(([name, value]) => eq(columns[name]!, value));
  // Without a key every row of the table would be leased and overwritten.
  if (keyed.length === 0) throw new Error('leasedToken needs the row key');
  const where = and(...keyed);
  const clock = options.now ?? (() => new Date());
  const usable = (row: Stored | undefined): row is Stored =>
    row !== undefined &&
    row.value !== '' &&
    row.value !== options.rejected &&
    row.expiresAt.getTime() - refreshMarginMs > clock().getTime();
  const stored = { value: t.value, expiresAt: t.expiresAt };
  const read = () =>
    db
      .select(stored)
      .from(table)
      .where(where)
      .limit(1)
      .then(([row]) => row);
  const release = (owner: string) =>
    db
      .update(table)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(where, eq(t.leaseOwner, owner)));

  let row = await read();
  if (usable(row)) return row.value;
  if (!row) {
    await db
      .insert(table)
      .values({ ...key, value: '', expiresAt: new Date(0) })
      .onConflictDoNothing();
  }
  const owner = randomUUID();
  for (;;) {
    // The lease runs on the real clock: it is about processes, not the vendor's time.
    const wall = new Date();
    const [taken] = await db
      .update(table)
      .set({ leaseOwner: owner, leaseUntil: new Date(wall.getTime() + leaseMs) })
      .where(and(where, or(isNull(t.leaseUntil), lt(t.leaseUntil, wall))))
      .returning(stored);
    if (taken) {
      // Refreshed by another process between the read and the lease: nothing to fetch.
      if (usable(taken)) {
        await release(owner);
        return taken.value;
      }
      try {
        const fresh = await fetch();
        const now = clock();
        await db
          .update(table)
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
        await release(owner);
        throw error;
      }
    }
    // Another process is refreshing it: wait for what it stores (or for its lease to lapse).
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    row = await read();
    if (usable(row)) return row.value;
  }
}
