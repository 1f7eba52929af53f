import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { cartItems, skus, users } from '#lib/platform/db/schema.ts';
import { addToCart, countCartSkus } from './cart.server.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';

const { shop1001, shop1002 } = seedHandles;

let database: Database;
let shopper: number;
let distributor: number;
beforeAll(async () => {
  database = await memoryDatabase();
  const rows = await database.db.select({ id: users.id, phone: users.phone }).from(users);
  shopper = rows.find((r) => r.phone === demoPhones.consumer)!.id;
  distributor = rows.find((r) => r.phone === demoPhones.owner1001)!.id;
  // These tests count from an empty cart; the demo consumer's seeded lines would add to it.
  await database.db.delete(cartItems).where(eq(cartItems.userId, shopper));
});
afterAll(() => database.close());

const add = (skuNo: string, quantity: number, extra: { distributorId?: number } = {}) =>
  addToCart(database.db, {
    shopId: '1001',
    userId: shopper,
    skuNo,
    quantity,
    now: SEED_NOW,
    ...extra,
  });

async function inStockSku(productNo: string) {
  const rows = await database.db.select().from(skus).orderBy(skus.skuNo);
  return rows.find((s) => s.skuNo.startsWith(productNo) && s.stock >= 5)!;
}

describe('adding to the cart', () => {
  it('adds pieces, adds more to the same line, and answers cartSkuNum', async () => {
    const sku = await inStockSku(shop1001.sales.senyeRunning.products[0]!.productNo);
    expect(await add(sku.skuNo, 2, { distributorId: distributor })).toBe(2);
    expect(await add(sku.skuNo, 1)).toBe(3);
    const [line] = await database.db.select().from(cartItems).where(eq(cartItems.skuId, sku.id));
    expect(line).toMatchObject({ quantity: 3, distributorId: distributor });
    expect(await countCartSkus(database.db, '1001', shopper)).toBe(3);
  });

  it('never goes beyond the stock, and keeps the cart as it was', async () => {
    const sku = await inStockSku(shop1001.sales.senyeRunning.products[2]!.productNo);
    await database.db.update(skus).set({ stock: 4 }).where(eq(skus.id, sku.id));
    await add(sku.skuNo, 3);
    await expect(add(sku.skuNo, 2)).rejects.toMatchObject({ code: 40903, message: '库存不足' });
    const [line] = await database.db.select().from(cartItems).where(eq(cartItems.skuId, sku.id));
    expect(line!.quantity).toBe(3);
    await expect(add(sku.skuNo, 5)).rejects.toMatchObject({ message: '库存不足' });
  });

  it('refuses a sold-out SKU, a product of another shop, and sales not running', async () => {
    const [soldOut] = await database.db.select().from(skus).where(eq(skus.stock, 0)).limit(1);
    await expect(add(soldOut!.skuNo, 1)).rejects.toMatchObject({ message: '库存不足' });
    await expect(add(shop1002.sales.hemuRunning.products[0]!.skuNos[0]!, 1)).rejects.toMatchObject({
      code: 40401,
      message: '商品不存在或已下架',
    });
    // Products of an upcoming and an ended sale of shop 1001.
    const upcoming = await database.db
      .select()
      .from(skus)
      .where(and(eq(skus.skuNo, shop1001.sales.bailuUpcoming.products[0]!.skuNos[0]!)));
    await expect(add(upcoming[0]!.skuNo, 1)).rejects.toMatchObject({
      message: '活动尚未开始，敬请期待',
    });
    const ended = await database.db
      .select()
      .from(skus)
      .where(eq(skus.skuNo, shop1001.sales.senyeEnded.products[0]!.skuNos[0]!));
    await expect(add(ended[0]!.skuNo, 1)).rejects.toMatchObject({ message: '活动已结束' });
  });

  it('keeps the distributor only when they are a distributor of this shop', async () => {
    const sku = await inStockSku(shop1001.sales.senyeRunning.products[6]!.productNo);
    await add(sku.skuNo, 1, { distributorId: shopper });
    const [line] = await database.db.select().from(cartItems).where(eq(cartItems.skuId, sku.id));
    expect(line!.distributorId).toBeNull();
  });
});
