import { afterAll, beforeAll, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
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
  const held = await database.db.transaction(async (tx) => {
    await lockForTransaction(tx, LockClass.smsPhone, '13800000001');
    return tx.execute(`select count(*)::int as n from pg_locks where locktype = 'advisory'`);
  });
  const after = await database.db.execute(
    `select count(*)::int as n from pg_locks where locktype = 'advisory'`,
  );
  expect(held.rows).toEqual([{ n: 1 }]);
  expect(after.rows).toEqual([{ n: 0 }]);
});
