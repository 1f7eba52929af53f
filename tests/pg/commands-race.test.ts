/**
 * The command helpers settle races inside PostgreSQL: many buyers at once never take more stock
 * than there is, and one idempotency key sent many times at once runs its command
 * once, every caller getting the same answer.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { skus } from '#lib/platform/db/schema.ts';
import { withIdempotencyKey } from '#lib/platform/commands.server.ts';
import { takeStock } from '#lib/catalog/stock.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '#tests/fixtures/db.ts';

let database: Database;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
});
afterAll(() => database.close());

async function skuWithStock(stock: number): Promise<number> {
  const [sku] = await database.db.select({ id: skus.id }).from(skus).limit(1);
  await database.db.update(skus).set({ stock }).where(eq(skus.id, sku!.id));
  return sku!.id;
}

const stockOf = async (skuId: number) =>
  (await database.db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, skuId)))[0]!.stock;

it('twenty concurrent takes of one piece from a stock of 5: exactly 5 succeed', async () => {
  const skuId = await skuWithStock(5);
  const taken = await Promise.all(
    Array.from({ length: 20 }, () => database.db.transaction((tx) => takeStock(tx, skuId, 1))),
  );
  expect(taken.filter(Boolean)).toHaveLength(5);
  expect(await stockOf(skuId)).toBe(0);
});

it('ten concurrent calls with one idempotency key run the command once and agree', async () => {
  const skuId = await skuWithStock(10);
  let runs = 0;
  const results = await Promise.all(
    Array.from({ length: 10 }, () =>
      database.db.transaction((tx) =>
        withIdempotencyKey(tx, 'order:create', 'race-key', async (tx) => {
          runs += 1;
          const taken = await takeStock(tx, skuId, 1);
          // Hold the key a moment, so the other calls arrive while this one is still running.
          await tx.execute(sql`select pg_sleep(0.2)`);
          return { orderNo: `O${runs}`, taken };
        }),
      ),
    ),
  );
  expect(runs).toBe(1);
  expect(results).toEqual(Array.from({ length: 10 }, () => ({ orderNo: 'O1', taken: true })));
  expect(await stockOf(skuId)).toBe(9);
});
