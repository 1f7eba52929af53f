import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { activities, products, shops } from '#lib/platform/db/schema.ts';
import { getBrandSale, getProductDetail, listOngoingSales } from './catalog.server.ts';
import { productPriceCents } from './pricing.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

describe('catalog', () => {
  it('lists only the running sales of the shop', async () => {
    const sales = await listOngoingSales(database.db, '1001', SEED_NOW);
    expect(sales.length).toBe(8);
    expect(sales.every((s) => s.startAt <= SEED_NOW && s.endAt > SEED_NOW)).toBe(true);
  });

  it('gives a product with its pictures, SKUs and the sale it belongs to', async () => {
    const detail = await getProductDetail(database.db, '1001', 'P10010001', SEED_NOW);
    expect(detail).toMatchObject({
      productNo: 'P10010001',
      brand: { name: '森野 SENYE' },
      sale: { state: 'ongoing' },
    });
    expect(detail!.images).toHaveLength(3);
    expect(detail!.skus.length).toBe(8);
    expect(detail!.priceCents).toBe(Math.min(...detail!.skus.map((s) => s.priceCents)));
  });

  it('finds no product of another shop, and none that is withdrawn', async () => {
    expect(await getProductDetail(database.db, '1002', 'P10010001', SEED_NOW)).toBeNull();
    await database.db
      .update(products)
      .set({ status: 0 })
      .where(eq(products.productNo, 'P10010002'));
    expect(await getProductDetail(database.db, '1001', 'P10010002', SEED_NOW)).toBeNull();
    await database.db
      .update(products)
      .set({ status: 1 })
      .where(eq(products.productNo, 'P10010002'));
  });

  it('adds the global and the sale markup to every price the shopper sees', async () => {
    const before = await getProductDetail(database.db, '1001', 'P10010003', SEED_NOW);
    await database.db.update(shops).set({ globalAddPriceCents: 500 }).where(eq(shops.id, '1001'));
    await database.db
      .update(activities)
      .set({ addPriceCents: 300 })
      .where(eq(activities.activityNo, 'A1001001'));
    try {
      const after = await getProductDetail(database.db, '1001', 'P10010003', SEED_NOW);
      expect(after!.priceCents).toBe(before!.priceCents + 800);
      expect(after!.skus.map((s) => s.priceCents)).toEqual(
        before!.skus.map((s) => s.priceCents + 800),
      );
      expect((await productPriceCents(database.db, 'P10010003'))!.priceCents).toBe(
        after!.priceCents,
      );
      const sale = await getBrandSale(database.db, '1001', 'A1001001', { now: SEED_NOW });
      expect(sale!.products.find((p) => p.productNo === 'P10010003')!.priceCents).toBe(
        after!.priceCents,
      );
    } finally {
      await database.db.update(shops).set({ globalAddPriceCents: 0 }).where(eq(shops.id, '1001'));
      await database.db
        .update(activities)
        .set({ addPriceCents: 0 })
        .where(eq(activities.activityNo, 'A1001001'));
    }
  });

  it('gives a brand sale with its state, sorted and filtered products', async () => {
    const sale = await getBrandSale(database.db, '1001', 'A1001001', { now: SEED_NOW });
    expect(sale).toMatchObject({ state: 'ongoing', brand: { name: '森野 SENYE' } });
    expect(sale!.products).toHaveLength(8);
    expect(sale!.sizes.slice(0, 4)).toEqual(['S', 'M', 'L', 'XL']);
    const cheapFirst = await getBrandSale(database.db, '1001', 'A1001001', {
      sort: 'price-asc',
      now: SEED_NOW,
    });
    const prices = cheapFirst!.products.map((p) => p.priceCents);
    expect(prices).toEqual(prices.toSorted((a, b) => a - b));
    const shoes = await getBrandSale(database.db, '1001', 'A1001001', {
      size: '40',
      now: SEED_NOW,
    });
    expect(shoes!.products.map((p) => p.name)).toEqual(['森野 轻便登山徒步鞋']);
    expect((await getBrandSale(database.db, '1001', 'A1001012', { now: SEED_NOW }))!.state).toBe(
      'ended',
    );
    expect((await getBrandSale(database.db, '1001', 'A1001009', { now: SEED_NOW }))!.state).toBe(
      'upcoming',
    );
    expect(await getBrandSale(database.db, '1002', 'A1001001', { now: SEED_NOW })).toBeNull();
  });
});
