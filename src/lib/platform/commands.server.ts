/**
 * The building blocks of commands (docs/architecture.md "Commands"): a command is the one
 * function that changes a piece of state; it owns its transaction and settles races inside
 * PostgreSQL with the conditional updates and idempotency keys below, never in process memory.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from './db/client.server.ts';
import { idempotencyKeys } from './db/schema.ts';

/** What a command may return under an idempotency key: it is stored as JSON and read back. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

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
