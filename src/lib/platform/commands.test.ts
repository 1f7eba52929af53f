import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from './db/client.server.ts';
import { coupons, idempotencyKeys, skus } from './db/schema.ts';
import { takeCouponIssue, takeStock, withIdempotencyKey } from './commands.server.ts';
import { CouponStatus } from '#lib/coupons/status.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

async function skuWithStock(stock: number): Promise<number> {
  const [sku] = await database.db.select({ id: skus.id }).from(skus).limit(1);
  await database.db.update(skus).set({ stock }).where(eq(skus.id, sku!.id));
  return sku!.id;
}

const stockOf = async (skuId: number) =>
  (await database.db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, skuId)))[0]!.stock;

describe('takeStock', () => {
  it('takes pieces while enough are left, and refuses without changing the stock when not', async () => {
    const skuId = await skuWithStock(5);
    await database.db.transaction(async (tx) => {
      expect(await takeStock(tx, skuId, 3)).toBe(true);
      expect(await takeStock(tx, skuId, 3)).toBe(false);
      expect(await takeStock(tx, skuId, 2)).toBe(true);
      expect(await takeStock(tx, skuId, 1)).toBe(false);
    });
    expect(await stockOf(skuId)).toBe(0);
  });

  it('refuses a quantity that is not a positive integer, which would give stock back', async () => {
    const skuId = await skuWithStock(5);
    await database.db.transaction(async (tx) => {
      for (const quantity of [0, -2, 1.5]) {
        await expect(takeStock(tx, skuId, quantity)).rejects.toBeInstanceOf(RangeError);
      }
    });
    expect(await stockOf(skuId)).toBe(5);
  });

  it('takes nothing from a SKU that does not exist', async () => {
    await database.db.transaction(async (tx) => {
      expect(await takeStock(tx, -1, 1)).toBe(false);
    });
  });
});

describe('takeCouponIssue', () => {
  it('counts claims up to the total and refuses the one after', async () => {
    const [coupon] = await database.db.select({ id: coupons.id }).from(coupons).limit(1);
    await database.db
      .update(coupons)
      .set({ total: 2, issued: 0 })
      .where(eq(coupons.id, coupon!.id));
    await database.db.transaction(async (tx) => {
      expect(await takeCouponIssue(tx, coupon!.id)).toBe(true);
      expect(await takeCouponIssue(tx, coupon!.id)).toBe(true);
      expect(await takeCouponIssue(tx, coupon!.id)).toBe(false);
    });
    const [after] = await database.db
      .select({ issued: coupons.issued })
      .from(coupons)
      .where(eq(coupons.id, coupon!.id));
    expect(after!.issued).toBe(2);
  });

  it('refuses a stopped coupon, however many are left', async () => {
    const [coupon] = await database.db.select({ id: coupons.id }).from(coupons).limit(1);
    await database.db
      .update(coupons)
      .set({ total: 5, issued: 0, status: CouponStatus.Stopped })
      .where(eq(coupons.id, coupon!.id));
    try {
      expect(await database.db.transaction((tx) => takeCouponIssue(tx, coupon!.id))).toBe(false);
    } finally {
      await database.db
        .update(coupons)
        .set({ status: CouponStatus.Active })
        .where(eq(coupons.id, coupon!.id));
    }
  });
});

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
