/**
 * 诺诺's access_token, kept in nuonuo_tokens and refreshed by one process at a time
 * (platform/token-lease.server.ts): the platform lets an app fetch at most 50 tokens in 30 days,
 * each good for 24 hours.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { nuonuoTokens } from '#lib/platform/db/schema.ts';
import {
  leasedToken,
  type FreshToken,
  type TokenOptions,
} from '#lib/platform/token-lease.server.ts';

export type { FreshToken, TokenOptions };

/**
 * Refreshed this long before expiry (the platform's own advice is "at 23 hours"): a token handed
 * out still works when used, and a day's refreshes stay far below 50 a month.
 */
export const REFRESH_MARGIN_MS = 60 * 60_000;
/** How long a refresh may take before another process may take over. */
export const LEASE_MS = 30_000;

/**
 * The stored token of `appKey`, or, when it needs refreshing, the one `fetch` brings (called by
 * one process at a time; the others wait for it). `rejected` is a token the platform refused
 * (070301).
 */
export function sharedToken(
  db: DbOrTx,
  appKey: string,
  fetch: () => Promise<FreshToken>,
  options: TokenOptions = {},
): Promise<string> {
  return leasedToken(
    db,
    { table: nuonuoTokens, key: { appKey }, refreshMarginMs: REFRESH_MARGIN_MS, leaseMs: LEASE_MS },
    fetch,
    options,
  );
}
