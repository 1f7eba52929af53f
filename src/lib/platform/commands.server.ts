/**
 * The building blocks of commands (docs/architecture.md "Commands"): a command is the one
 * function that changes a piece of state; it owns its transaction and settles races inside
 * PostgreSQL with the conditional updates and idempotency keys below, never in process memory.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { CouponStatus } from '#lib/coupons/status.ts';
import type { Tx } from './db/client.server.ts';
import { coupons, idempotencyKeys, skus } from './db/schema.ts';

/** What a command may return under an idempotency key: it is stored as JSON and read back. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function assertPieces(quantity: number): void {
  // A zero or negative quantity would "take" nothing or give stock back: a caller's bug.
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new RangeError(`A quantity of pieces must be a positive integer, not ${quantity}`);
  }
}

/**
 * Takes `quantity` pieces of a SKU's stock if that many are left, in one conditional UPDATE, so
 * concurrent buyers can never take more than there is. Returns whether they were taken.
 */
export async function takeStock(tx: Tx, skuId: number, quantity: number): Promise<boolean> {
  assertPieces(quantity);
  const taken = await tx
    .update(skus)
    .set({ stock: sql`${skus.stock} - ${quantity}` })
    .where(and(eq(skus.id, skuId), gte(skus.stock, quantity)))
    .returning({ id: skus.id });
  return taken.length > 0;
}

/**
 * Counts one more claim of an active coupon if any are left (issued < total), in one conditional
 * UPDATE, so a coupon stopped meanwhile is refused too. Returns whether the claim was counted. The
 * claim window and per-user limit are the claiming command's to check.
 */
export async function takeCouponIssue(tx: Tx, couponId: number): Promise<boolean> {
  const taken = await tx
    .update(coupons)
    .set({ issued: sql`${coupons.issued} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.status, CouponStatus.Active),
        lt(coupons.issued, coupons.total),
      ),
    )
    .returning({ id: coupons.id });
  return taken.length > 0;
}

/**
 * Runs a command once per (scope, key): the first call runs `run` and stores its result with the
 * key; a repeat returns that result without running again. Claim, run and result share a
 * savepoint of the caller's transaction, so a command that fails leaves no key behind and may be
 * retried, even when the caller catches the failure and commits.
 *
 * Concurrent calls with one key: the second INSERT waits for the first transaction; once it
 * commits the INSERT does nothing and the stored result is read (READ COMMITTED, PostgreSQL's
 * default, lets the next statement see it). If the first rolls back, the second runs.
 */
export async function withIdempotencyKey<T extends Json>(
  tx: Tx,
  scope: string,
  key: string,
  run: (tx: Tx) => Promise<T>,
): Promise<T> {
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  return tx.transaction(async (savepoint) => {
    const claimed = await savepoint
      .insert(idempotencyKeys)
      .values({ scope, key })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await savepoint
        .select({ result: idempotencyKeys.result })
        .from(idempotencyKeys)
        .where(where);
      return stored!.result as T;
    }
    const result = await run(savepoint);
    await savepoint.update(idempotencyKeys).set({ result }).where(where);
    return result;
  });
}
