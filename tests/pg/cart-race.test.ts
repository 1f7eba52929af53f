/** Many taps on "add to cart" at once never put more pieces in the cart than the stock holds. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { cartItems, skus, users } from '#lib/platform/db/schema.ts';
import { addToCart } from '#lib/cart/cart.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';

const { shop1001 } = seedHandles;

let database: Database;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
});
afterAll(() => database.close());

it('twenty concurrent adds of one piece to a SKU with 5 in stock leave exactly 5 in the cart', async () => {
  const [shopper] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, demoPhones.consumer));
  const [sku] = await database.db
    .select()
    .from(skus)
    .where(eq(skus.skuNo, shop1001.sales.senyeRunning.products[0]!.skuNos[0]!));
  await database.db.update(skus).set({ stock: 5 }).where(eq(skus.id, sku!.id));

  const results = await Promise.allSettled(
    Array.from({ length: 20 }, () =>
      addToCart(database.db, {
        shopId: '1001',
        userId: shopper!.id,
        skuNo: sku!.skuNo,
        quantity: 1,
      }),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(refused.every((r) => (r.reason as Error).message === '库存不足')).toBe(true);
  const [line] = await database.db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, shopper!.id), eq(cartItems.skuId, sku!.id)));
  expect(line!.quantity).toBe(5);
});
