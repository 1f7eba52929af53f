import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { skus } from '#lib/platform/db/schema.ts';
import { takeStock } from './stock.server.ts';

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
