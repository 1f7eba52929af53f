/**
 * Every PostgreSQL advisory lock the shop takes, by number, in one place: two uses that picked
 * the same number would wait on each other for no reason. Numbers are 7_310_xxx so they stand
 * out in pg_locks.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from './client.server.ts';

/** Session-level, one key: held while a process migrates and seeds at start. */
export const BOOT_LOCK = 7_310_001;

/**
 * Classes of transaction-level locks: the first key of the two-key form, the second being a hash
 * of the value locked (a phone, a client address). Released at commit or rollback.
 */
export const LockClass = {
  /** An SMS send: the limits counted per client (clientKey) are checked and used under it. */
  smsClient: 7_310_101,
  /** An SMS send: the limits counted per phone are checked and used under it. */
  smsPhone: 7_310_102,
  /** A shop keeper's bank cards: the cap of MAX_BANK_CARDS is counted under it. */
  bankCards: 7_310_103,
  /**
   * A shop's customer-service messages: sends take it, so message ids commit in id order per
   * shop and a console stream resuming after an id never skips one committed later.
   */
  serviceShop: 7_310_121,
  /**
   * An uploader's pictures of one kind (public or private): the daily limit is counted and the
   * picture stored under it, so concurrent uploads never pass the limit (decision 036).
   */
  pictures: 7_310_131,
  /** The demo's re-arm at start (seed/rearm.ts): processes starting together re-arm once. */
  demoRearm: 7_310_141,
  /**
   * A shop's agreement of one type (shopId:type): a new version is numbered and checked against
   * the latest under it, so two managers publishing at once never both take the same number.
   */
  agreements: 7_310_151,
  /**
   * A taxpayer's payouts (their ID number's keyed hash): each payout's tax is computed from the
   * ones before it and recorded under it, so two payouts at once never miss each other.
   */
  labourTax: 7_310_161,
} as const;

export type LockClass = (typeof LockClass)[keyof typeof LockClass];

/**
 * Waits for, then holds until the transaction ends, the lock of `value` in `lockClass`. Callers
 * that take several take them in one fixed order, so no two wait on each other.
 */
export async function lockForTransaction(
  tx: Tx,
  lockClass: LockClass,
  value: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(String(lockClass))}, hashtext(${value}))`,
  );
}
