import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from './db/client.server.ts';
import { idempotencyKeys } from './db/schema.ts';
import { withIdempotencyKey } from './commands.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

describe('withIdempotencyKey', () => {
  it('runs once per key: a repeat gets the first result back without running', async () => {
    let runs = 0;
    const placeOrder = () =>
      database.db.transaction((tx) =>
        withIdempotencyKey(tx, 'order:create', 'key-1', async () => {
          runs += 1;
          return { orderNo: `O${runs}`, lines: [1, 2], paid: false };
        }),
      );
    const first = await placeOrder();
    expect(await placeOrder()).toEqual(first);
    expect(first).toEqual({ orderNo: 'O1', lines: [1, 2], paid: false });
    expect(runs).toBe(1);
  });

  it('keeps the keys of different scopes apart', async () => {
    const run = (scope: string) =>
      database.db.transaction((tx) => withIdempotencyKey(tx, scope, 'shared', async () => scope));
    expect(await run('coupon:draw')).toBe('coupon:draw');
    expect(await run('wallet:withdraw')).toBe('wallet:withdraw');
    expect(await run('coupon:draw')).toBe('coupon:draw');
  });

  it('stores nothing when the command fails, so a retry runs it again', async () => {
    const failing = database.db.transaction((tx) =>
      withIdempotencyKey(tx, 'order:create', 'key-2', async () => {
        throw new Error('库存不足');
      }),
    );
    await expect(failing).rejects.toThrow('库存不足');
    const retried = await database.db.transaction((tx) =>
      withIdempotencyKey(tx, 'order:create', 'key-2', async () => 'placed'),
    );
    expect(retried).toBe('placed');
  });

  it('leaves no key behind when the caller catches the failure and commits', async () => {
    await database.db.transaction(async (tx) => {
      await expect(
        withIdempotencyKey(tx, 'order:create', 'key-caught', async () => {
          throw new Error('库存不足');
        }),
      ).rejects.toThrow('库存不足');
    });
    const retried = await database.db.transaction((tx) =>
      withIdempotencyKey(tx, 'order:create', 'key-caught', async () => 'placed'),
    );
    expect(retried).toBe('placed');
  });

  it('returns a stored null result as null, not as a reason to run again', async () => {
    let runs = 0;
    const run = () =>
      database.db.transaction((tx) =>
        withIdempotencyKey(tx, 'order:cancel', 'key-3', async () => {
          runs += 1;
          return null;
        }),
      );
    expect(await run()).toBeNull();
    expect(await run()).toBeNull();
    expect(runs).toBe(1);
  });

  it('refuses an empty key', async () => {
    const empty = database.db.transaction((tx) =>
      withIdempotencyKey(tx, 'order:create', '', async () => 'placed'),
    );
    await expect(empty).rejects.toThrow();
    const rows = await database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, ''));
    expect(rows).toEqual([]);
  });
});
