import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { memoryDatabase, queryRows } from '#tests/fixtures/db.ts';
import type { Database } from './client.server.ts';
import { BOOT_LOCK, LockClass, lockForTransaction } from './locks.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
});
afterAll(() => database.close());

it('gives every advisory lock a number of its own', () => {
  const numbers = [BOOT_LOCK, ...Object.values(LockClass)];
  expect(new Set(numbers).size).toBe(numbers.length);
});

it('every lock class is a 32-bit integer, as the two-key form of pg_advisory_xact_lock takes', () => {
  for (const lockClass of Object.values(LockClass)) {
    expect(lockClass).toBe(lockClass | 0);
  }
});

it('holds a transaction lock until the transaction ends', async () => {
  const advisoryLocks = sql`select count(*)::int as n from pg_locks where locktype = 'advisory'`;
  const held = await database.db.transaction(async (tx) => {
    await lockForTransaction(tx, LockClass.smsPhone, '13800000001');
    return ((await tx.execute(advisoryLocks)) as unknown as { rows: unknown[] }).rows;
  });
  expect(held).toEqual([{ n: 1 }]);
  expect(await queryRows(database, advisoryLocks)).toEqual([{ n: 0 }]);
});
