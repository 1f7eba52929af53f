import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { activities, products, shops } from '#lib/platform/db/schema.ts';
import { getBrandSale, getProductDetail, listOngoingSales } from './catalog.server.ts';
import { productPriceCents } from './pricing.server.ts';
import { seedHandles } from '#demo/handles.ts';

const { shop1001 } = seedHandles;

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
    const detail = await getProductDetail(
      database.db,
      '1001',
      shop1001.sales.senyeRunning.products[0]!.productNo,
      SEED_NOW,
    );
    expect(detail).toMatchObject({
      productNo: shop1001.sales.senyeRunning.products[0]!.productNo,
      brand: { name: '森野 SENYE' },
      sale: { state: 'ongoing' },
    });
    expect(detail!.images).toHaveLength(3);
    expect(detail!.skus.length).toBe(8);
    expect(detail!.priceCents).toBe(Math.min(...detail!.skus.map((s) => s.priceCents)));
  });

  it('finds no product of another shop, and none that is withdrawn', async () => {
    expect(
      await getProductDetail(
        database.db,
        '1002',
        shop1001.sales.senyeRunning.products[0]!.productNo,
        SEED_NOW,
      ),
    ).toBeNull();
    await database.db
      .update(products)
      .set({ status: 0 })
      .where(eq(products.productNo, shop1001.sales.senyeRunning.products[1]!.productNo));
    expect(
      await getProductDetail(
        database.db,
        '1001',
        shop1001.sales.senyeRunning.products[1]!.productNo,
        SEED_NOW,
      ),
    ).toBeNull();
    await database.db
      .update(products)
      .set({ status: 1 })
      .where(eq(products.productNo, shop1001.sales.senyeRunning.products[1]!.productNo));
  });

  it('adds the global and the sale markup to every price the shopper sees', async () => {
    const before = await getProductDetail(
      database.db,
      '1001',
      shop1001.sales.senyeRunning.products[2]!.productNo,
      SEED_NOW,
    );
    await database.db.update(shops).set({ globalAddPriceCents: 500 }).where(eq(shops.id, '1001'));
    await database.db
      .update(activities)
      .set({ addPriceCents: 300 })
      .where(eq(activities.activityNo, shop1001.sales.senyeRunning.activityNo));
    try {
      const after = await getProductDetail(
        database.db,
        '1001',
        shop1001.sales.senyeRunning.products[2]!.productNo,
        SEED_NOW,
      );
      expect(after!.priceCents).toBe(before!.priceCents + 800);
      expect(after!.skus.map((s) => s.priceCents)).toEqual(
        before!.skus.map((s) => s.priceCents + 800),
      );
      expect(
        (await productPriceCents(database.db, shop1001.sales.senyeRunning.products[2]!.productNo))!
          .priceCents,
      ).toBe(after!.priceCents);
      const sale = await getBrandSale(database.db, '1001', shop1001.sales.senyeRunning.activityNo, {
        now: SEED_NOW,
      });
      expect(
        sale!.products.find(
          (p) => p.productNo === shop1001.sales.senyeRunning.products[2]!.productNo,
        )!.priceCents,
      ).toBe(after!.priceCents);
    } finally {
      await database.db.update(shops).set({ globalAddPriceCents: 0 }).where(eq(shops.id, '1001'));
      await database.db
        .update(activities)
        .set({ addPriceCents: 0 })
        .where(eq(activities.activityNo, shop1001.sales.senyeRunning.activityNo));
    }
  });

  it('gives a brand sale with its state, sorted and filtered products', async () => {
    const sale = await getBrandSale(database.db, '1001', shop1001.sales.senyeRunning.activityNo, {
      now: SEED_NOW,
    });
    expect(sale).toMatchObject({ state: 'ongoing', brand: { name: '森野 SENYE' } });
    expect(sale!.products).toHaveLength(8);
    expect(sale!.sizes.slice(0, 4)).toEqual(['S', 'M', 'L', 'XL']);
    const cheapFirst = await getBrandSale(
      database.db,
      '1001',
      shop1001.sales.senyeRunning.activityNo,
      {
        sort: 'price-asc',
        now: SEED_NOW,
      },
    );
    const prices = cheapFirst!.products.map((p) => p.priceCents);
    expect(prices).toEqual(prices.toSorted((a, b) => a - b));
    const shoes = await getBrandSale(database.db, '1001', shop1001.sales.senyeRunning.activityNo, {
      size: '40',
      now: SEED_NOW,
    });
    expect(shoes!.products.map((p) => p.name)).toEqual(['森野 轻便登山徒步鞋']);
    expect(
      (await getBrandSale(database.db, '1001', shop1001.sales.senyeEnded.activityNo, {
        now: SEED_NOW,
      }))!.state,
    ).toBe('ended');
    expect(
      (await getBrandSale(database.db, '1001', shop1001.sales.bailuUpcoming.activityNo, {
        now: SEED_NOW,
      }))!.state,
    ).toBe('upcoming');
    expect(
      await getBrandSale(database.db, '1002', shop1001.sales.senyeRunning.activityNo, {
        now: SEED_NOW,
      }),
    ).toBeNull();
  });
});
