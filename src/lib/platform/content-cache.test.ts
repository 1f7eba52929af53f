import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import { readContentVersion } from './content-cache.server.ts';
import type { Database } from './db/client.server.ts';
import { cartItems, configEntries, liveRooms, products, shops, skus, users } from './db/schema.ts';
import { LiveStatus } from '#lib/live/status.ts';
import { readProductDetail } from '#lib/catalog/catalog.server.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';

const { shop1001 } = seedHandles;

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

const version = () => readContentVersion(database.db);

/** Whether running `change` raises the content version. */
async function raises(change: () => Promise<unknown>): Promise<boolean> {
  const before = await version();
  await change();
  return (await version()) > before;
}

describe('content version', () => {
  it('rises when what pages show changes: a price, a shop notice, the config map', async () => {
    expect(
      await raises(() =>
        database.db
          .update(skus)
          .set({ priceCents: 12_300 })
          .where(eq(skus.skuNo, shop1001.sales.senyeRunning.products[0]!.skuNos[0]!)),
      ),
    ).toBe(true);
    expect(
      await raises(() =>
        database.db.update(shops).set({ noticeText: '今日发货延迟' }).where(eq(shops.id, '1001')),
      ),
    ).toBe(true);
    expect(
      await raises(() =>
        database.db
          .insert(configEntries)
          .values({ key: 'hasBackIcon', value: true })
          .onConflictDoUpdate({
            target: configEntries.key,
            set: { value: false },
          }),
      ),
    ).toBe(true);
  });

  it('does not rise for sales bookkeeping: large stock moves and sales counts', async () => {
    await database.db
      .update(skus)
      .set({ stock: 500 })
      .where(eq(skus.skuNo, shop1001.sales.senyeRunning.products[0]!.skuNos[1]!));
    expect(
      await raises(() =>
        database.db
          .update(skus)
          .set({ stock: 499 })
          .where(eq(skus.skuNo, shop1001.sales.senyeRunning.products[0]!.skuNos[1]!)),
      ),
    ).toBe(false);
    expect(
      await raises(() =>
        database.db
          .update(products)
          .set({ salesCount: sql`${products.salesCount} + 1` })
          .where(eq(products.productNo, shop1001.sales.senyeRunning.products[0]!.productNo)),
      ),
    ).toBe(false);
  });

  it("does not rise for a live room's counters and host actions, but does when it starts or ends", async () => {
    const room = eq(liveRooms.liveNo, 'L1001001');
    expect(
      await raises(() =>
        database.db
          .update(liveRooms)
          .set({
            likeCount: sql`${liveRooms.likeCount} + 5`,
            viewCount: sql`${liveRooms.viewCount} + 1`,
            currentProductNo: null,
            pinnedMessageId: null,
          })
          .where(room),
      ),
    ).toBe(false);
    expect(
      await raises(() =>
        database.db.update(liveRooms).set({ liveStatus: LiveStatus.Ended }).where(room),
      ),
    ).toBe(true);
  });

  it('rises when stock the page shows moves: below 100, selling out, coming back', async () => {
    const setStock = (stock: number) =>
      database.db
        .update(skus)
        .set({ stock })
        .where(eq(skus.skuNo, shop1001.sales.senyeRunning.products[0]!.skuNos[1]!));
    expect(await raises(() => setStock(99))).toBe(true);
    expect(await raises(() => setStock(3))).toBe(true);
    expect(await raises(() => setStock(0))).toBe(true);
    expect(await raises(() => setStock(250))).toBe(true);
  });

  it("does not rise for a shopper's own data such as the cart", async () => {
    const [shopper] = await database.db
      .select()
      .from(users)
      .where(eq(users.phone, demoPhones.consumer));
    const [sku] = await database.db
      .select()
      .from(skus)
      .where(eq(skus.skuNo, shop1001.sales.senyeRunning.products[0]!.skuNos[2]!));
    expect(
      await raises(() =>
        database.db
          .insert(cartItems)
          .values({ shopId: '1001', userId: shopper!.id, skuId: sku!.id, quantity: 1 }),
      ),
    ).toBe(false);
  });
});

describe('readProductDetail', () => {
  it('answers from memory within a version and reads again after a change', async () => {
    const v1 = await version();
    const first = await readProductDetail(
      database.db,
      v1,
      '1001',
      shop1001.sales.senyeRunning.products[2]!.productNo,
      SEED_NOW,
    );
    await database.db
      .update(products)
      .set({ name: '改名后的商品' })
      .where(eq(products.productNo, shop1001.sales.senyeRunning.products[2]!.productNo));
    const sameVersion = await readProductDetail(
      database.db,
      v1,
      '1001',
      shop1001.sales.senyeRunning.products[2]!.productNo,
      SEED_NOW,
    );
    expect(sameVersion!.name).toBe(first!.name);
    const v2 = await version();
    expect(v2).toBeGreaterThan(v1);
    expect(
      (await readProductDetail(
        database.db,
        v2,
        '1001',
        shop1001.sales.senyeRunning.products[2]!.productNo,
        SEED_NOW,
      ))!.name,
    ).toBe('改名后的商品');
  });

  it('derives the sale state from the clock on every read', async () => {
    const v = await version();
    const now = await readProductDetail(
      database.db,
      v,
      '1001',
      shop1001.sales.senyeRunning.products[3]!.productNo,
      SEED_NOW,
    );
    const later = await readProductDetail(
      database.db,
      v,
      '1001',
      shop1001.sales.senyeRunning.products[3]!.productNo,
      new Date(now!.sale!.endAt.getTime() + 1000),
    );
    expect(now!.sale!.state).toBe('ongoing');
    expect(later!.sale!.state).toBe('ended');
  });
});
