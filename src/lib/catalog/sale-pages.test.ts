/**
 * A sale of many products is read and shown a page at a time (decision 045): the pages together
 * are the whole sale in its order, a page past the last is the last, each sort and size pages on
 * its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import { multiplyProducts } from '#tests/fixtures/catalog-scale.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import { SALE_PAGE_SIZE, getBrandSale, readBrandSale } from './catalog.server.ts';
import type { ProductSort } from './cards.server.ts';
import { seedHandles } from '#demo/handles.ts';

const SALE = seedHandles.shop1001.sales.senyeRunning.activityNo;

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
  // Eight products become forty: two full pages and a short one.
  await multiplyProducts(database.db, 5);
}, 180_000);
afterAll(() => database.close());

const sale = (options: { sort?: ProductSort; size?: string; page?: number } = {}) =>
  getBrandSale(database.db, '1001', SALE, { now: SEED_NOW, ...options });

describe('a sale read a page at a time', () => {
  it('pages through every product once, in the sale’s order, for each sort', async () => {
    for (const sort of ['default', 'price-asc', 'price-desc', 'sales'] as const) {
      const first = (await sale({ sort }))!;
      expect(first.total).toBe(40);
      expect(first.pages).toBe(Math.ceil(40 / SALE_PAGE_SIZE));
      expect(first.products).toHaveLength(SALE_PAGE_SIZE);
      const all = (await getBrandSale(database.db, '1001', SALE, {
        sort,
        now: SEED_NOW,
        pageSize: 100,
      }))!.products.map((p) => p.productNo);
      const paged: string[] = [];
      for (let page = 1; page <= first.pages; page++) {
        const shown = (await sale({ sort, page }))!;
        expect(shown.page).toBe(page);
        paged.push(...shown.products.map((p) => p.productNo));
      }
      expect(paged, sort).toEqual(all);
      expect(new Set(paged).size).toBe(40);
    }
    const prices = (await sale({ sort: 'price-asc' }))!.products.map((p) => p.priceCents);
    expect(prices).toEqual(prices.toSorted((a, b) => a - b));
  });

  it('shows the last page for a page past it, and pages a size on its own', async () => {
    const beyond = (await sale({ page: 99 }))!;
    expect(beyond.page).toBe(beyond.pages);
    expect(beyond.products).toHaveLength(40 - SALE_PAGE_SIZE * (beyond.pages - 1));
    const whole = (await sale())!;
    const size = whole.sizes[0]!;
    const sized = (await sale({ size }))!;
    expect(sized.total).toBeLessThanOrEqual(40);
    expect(sized.pages).toBe(Math.max(1, Math.ceil(sized.total / SALE_PAGE_SIZE)));
  });

  it('gives the same pages through the content cache', async () => {
    const contentVersion = await readContentVersion(database.db);
    for (const page of [1, 2]) {
      const cached = (await readBrandSale(database.db, contentVersion, '1001', SALE, {
        page,
        now: SEED_NOW,
      }))!;
      const read = (await sale({ page }))!;
      expect(cached.products.map((p) => p.productNo)).toEqual(
        read.products.map((p) => p.productNo),
      );
      expect([cached.page, cached.pages, cached.total]).toEqual([
        read.page,
        read.pages,
        read.total,
      ]);
      expect(cached.state).toBe('ongoing');
    }
  });
});
