/**
 * The official account's access_token and jsapi_ticket, kept in the database (wechat_credentials)
 * so that any number of server processes share one of each. WeChat invalidates the older token
 * when a new one is fetched, so a row that is missing, expired, about to expire or refused by
 * WeChat is refreshed by one process at a time: the one that takes the row's lease (one
 * conditional UPDATE). The others wait for the value it stores. No transaction stays open while
 * WeChat is asked (the sandbox gateway may answer from the same database, even the same PGlite),
 * and a process that dies while holding the lease lets it lapse after LEASE_MS.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { wechatCredentials } from '#lib/platform/db/schema.ts';

export type CredentialKind = 'access_token' | 'jsapi_ticket';

/** Refreshed this long before WeChat's expiry, so a value handed out still works when used. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** How long a refresh may take before another process may take over (several calls to WeChat). */
export const LEASE_MS = 40_000;
const POLL_MS = 100;

export interface FreshCredential {
  value: string;
  /** Seconds, as WeChat answers (7200). */
  expiresIn: number;
}

export interface CredentialOptions {
  now?: Date | undefined;
  /** A value WeChat refused (40001/42001): refreshed unless another process already replaced it. */
  rejected?: string | undefined;
}

function usable(
  row: { value: string; expiresAt: Date } | undefined,
  now: Date,
  rejected: string | undefined,
): row is { value: string; expiresAt: Date } {
  return (
    row !== undefined &&
    row.value !== '' &&
    row.value !== rejected &&
    row.expiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime()
  );
}

/**
 * The stored credential of `kind` for `appId`, or, when it needs refreshing, the one `fetch`
 * brings (called by one process at a time; the others wait for it).
 */
export async function sharedCredential(
  db: DbOrTx,
  key: { appId: string; kind: CredentialKind },
  fetch: () => Promise<FreshCredential>,
  options: CredentialOptions = {},
): Promise<string> {
  const where = and(eq(wechatCredentials.appId, key.appId), eq(wechatCredentials.kind, key.kind));
  const clock = () => options.now ?? new Date();
  const read = () =>
    db
      .select({
        value: wechatCredentials.value,
        expiresAt: wechatCredentials.expiresAt,
        leaseUntil: wechatCredentials.leaseUntil,
      })
      .from(wechatCredentials)
      .where(where)
      .limit(1)
      .then(([row]) => row);

  let row = await read();
  if (usable(row, clock(), options.rejected)) return row.value;
  if (!row) {
    await db
      .insert(wechatCredentials)
      .values({ ...key, value: '', expiresAt: new Date(0) })
      .onConflictDoNothing();
  }
  const owner = randomUUID();
  for (;;) {
    const now = new Date();
    // The lease, when nobody holds it (or the holder's ran out) and the value still needs it.
    const [taken] = await db
      .update(wechatCredentials)
      .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(where, or(isNull(wechatCredentials.leaseUntil), lt(wechatCredentials.leaseUntil, now))),
      )
      .returning({ value: wechatCredentials.value, expiresAt: wechatCredentials.expiresAt });
    if (taken) {
      // Refreshed by another process between the read and the lease: nothing to fetch.
      if (usable(taken, clock(), options.rejected)) {
        await release(db, where, owner);
        return taken.value;
      }
      try {
        const fresh = await fetch();
        const at = clock();
        await db
          .update(wechatCredentials)
          .set({
            value: fresh.value,
            expiresAt: new Date(at.getTime() + fresh.expiresIn * 1000),
            refreshedAt: at,
            leaseOwner: null,
            leaseUntil: null,
          })
          .where(and(where, eq(wechatCredentials.leaseOwner, owner)));
        return fresh.value;
      } catch (error) {
        await release(db, where, owner);
        throw error;
      }
    }
    // Another process is refreshing it: wait for what it stores (or for its lease to lapse).
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    row = await read();
    if (usable(row, clock(), options.rejected)) return row.value;
  }
}

function release(db: DbOrTx, where: ReturnType<typeof and>, owner: string) {
  return db
    .update(wechatCredentials)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(where, eq(wechatCredentials.leaseOwner, owner)));
}
