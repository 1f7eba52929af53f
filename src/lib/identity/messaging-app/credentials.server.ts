/**
 * The official account's access_token and jsapi_ticket, kept in wechat_credentials and refreshed
 * by one process at a time (platform/token-lease.server.ts): WeChat invalidates the older token
 * when a new one is fetched, so every server process must share one of each.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { wechatCredentials } from '#lib/platform/db/schema.ts';
import { leasedToken, type FreshToken } from '#lib/platform/token-lease.server.ts';

export type CredentialKind = 'access_token' | 'jsapi_ticket';

/** Refreshed this long before WeChat's expiry, so a value handed out still works when used. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** How long a refresh may take before another process may take over (several calls to WeChat). */
export const LEASE_MS = 40_000;

export interface CredentialOptions {
  now?: Date | undefined;
  /** A value WeChat refused (40001/42001): refreshed unless another process already replaced it. */
  rejected?: string | undefined;
}

/**
 * The stored credential of `kind` for `appId`, or, when it needs refreshing, the one `fetch`
 * brings (called by one process at a time; the others wait for it).
 */
export function sharedCredential(
  db: DbOrTx,
  key: { appId: string; kind: CredentialKind },
  fetch: () => Promise<FreshToken>,
  options: CredentialOptions = {},
): Promise<string> {
  const { now, rejected } = options;
  return leasedToken(
    db,
    { table: wechatCredentials, key, refreshMarginMs: REFRESH_MARGIN_MS, leaseMs: LEASE_MS },
    fetch,
    { now: () => now ?? new Date(), rejected },
  );
}
