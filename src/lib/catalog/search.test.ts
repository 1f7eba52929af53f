import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { activities, hotSearchKeys, products, shops } from '#lib/platform/db/schema.ts';
import { getProductDetail } from './catalog.server.ts';
import {
  containsPattern,
  hotKeys,
  listHotKeys,
  searchProducts,
  searchTerms,
  type SearchOptions,
} from './search.server.ts';
import { seedHandles } from '#demo/handles.ts';
import { REFERENCE_KEYWORDS, plainSearch } from '#tests/fixtures/search-reference.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import type { ProductSort } from './cards.server.ts';

const { shop1001 } = seedHandles;

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

const search = (keyword: string, options: Partial<SearchOptions> = {}) =>
  searchProducts(database.db, '1001', { keyword, now: SEED_NOW, ...options });

describe('searchTerms and containsPattern', () => {
  it('splits on any whitespace and list punctuation, folds full-width forms, drops repeats', () => {
    expect(searchTerms('  森野　冲锋衣，SPF50 森野 ')).toEqual(['森野', '冲锋衣', 'spf50']);
    expect(searchTerms('ＳＰＦ５０')).toEqual(['spf50']);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('takes %, _ and \\ literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('searchProducts', () => {
  it('finds a product by a word of its name', async () => {
    const result = await search('冲锋衣');
    expect(result.total).toBe(1);
    expect(result.items).toEqual([
      expect.objectContaining({
        productNo: shop1001.sales.senyeRunning.products[0]!.productNo,
        name: '森野 轻量防风冲锋衣',
      }),
    ]);
    expect(result.items[0]!.imageUrl).toMatch(/^\/media\/\d+$/);
  });

  it('finds products by their brand name, case-insensitively, and the brand with its running sale', async () => {
    const result = await search('senye');
    // The running sale's eight products; the ended sale's are not on sale any more.
    expect(result.total).toBe(8);
    expect(result.items.every((p) => p.name.startsWith('森野'))).toBe(true);
    expect(result.brands).toEqual([
      expect.objectContaining({
        name: '森野 SENYE',
        activityNo: shop1001.sales.senyeRunning.activityNo,
      }),
    ]);
    expect(result.brands[0]!.logoUrl).toBeTruthy();
  });

  it('narrows with each further term', async () => {
    const one = await search('速干');
    const two = await search('速干 T恤');
    expect(one.total).toBeGreaterThan(two.total);
    expect(two.items.map((p) => p.name).sort()).toEqual(['森野 速干圆领运动T恤']);
    expect((await search('森野 跑鞋')).total).toBe(0);
  });

  it('ranks name matches above matches through the brand or the subtitle', async () => {
    // 防风 is in one product's name and in the brand story every 森野 product has as subtitle.
    const result = await search('防风');
    expect(result.total).toBe(8);
    expect(result.items[0]!.name).toBe('森野 轻量防风冲锋衣');
  });

  it('takes % and _ in a keyword literally', async () => {
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
    expect((await search('森野%冲锋衣')).total).toBe(0);
    await database.db
      .update(products)
      .set({ name: '森野 100%纯棉_T恤' })
      .where(eq(products.productNo, shop1001.sales.senyeRunning.products[7]!.productNo));
    try {
      expect((await search('100%')).items.map((p) => p.productNo)).toEqual([
        shop1001.sales.senyeRunning.products[7]!.productNo,
      ]);
      expect((await search('棉_t')).items.map((p) => p.productNo)).toEqual([
        shop1001.sales.senyeRunning.products[7]!.productNo,
      ]);
    } finally {
      await database.db
        .update(products)
        .set({ name: '森野 速干圆领运动T恤' })
        .where(eq(products.productNo, shop1001.sales.senyeRunning.products[7]!.productNo));
    }
  });

  it('sorts by price either way and by sales', async () => {
    const cheapFirst = await search('鞋', { sort: 'price-asc' });
    expect(cheapFirst.total).toBeGreaterThan(3);
    const prices = cheapFirst.items.map((p) => p.priceCents);
    expect(prices).toEqual(prices.toSorted((a, b) => a - b));
    const dearFirst = await search('鞋', { sort: 'price-desc' });
    expect(dearFirst.items.map((p) => p.priceCents)).toEqual(prices.toReversed());
    const sales = (await search('鞋', { sort: 'sales' })).items.map((p) => p.salesCount);
    expect(sales).toEqual(sales.toSorted((a, b) => b - a));
  });

  it('pages through the results without repeating or missing one', async () => {
    const all = await search('鞋', { pageSize: 50 });
    const pages = [1, 2, 3, 4].map((page) => search('鞋', { page, pageSize: 3 }));
    const seen = (await Promise.all(pages)).flatMap((r) => r.items.map((p) => p.productNo));
    expect(all.total).toBe(all.items.length);
    expect(seen.slice(0, all.total)).toEqual(all.items.map((p) => p.productNo));
    const beyond = await search('鞋', { page: 99, pageSize: 3 });
    expect(beyond).toMatchObject({ total: all.total, items: [] });
  });

  it('never shows another shop’s products, nor withdrawn or not yet started ones', async () => {
    // 拾光皮具 sells in shop 1002 only in an upcoming sale.
    const other = await searchProducts(database.db, '1002', {
      keyword: '冲锋衣',
      now: SEED_NOW,
    });
    expect(other.total).toBe(0);
    expect(
      (await searchProducts(database.db, '1002', { keyword: '拾光', now: SEED_NOW })).total,
    ).toBe(0);
    const inOther = await searchProducts(database.db, '1002', { keyword: '四件套', now: SEED_NOW });
    expect(inOther.items.every((p) => p.productNo.startsWith('P1002'))).toBe(true);
    expect(inOther.total).toBe(1);
    expect((await searchProducts(database.db, '9999', { keyword: '森野' })).total).toBe(0);

    await database.db
      .update(products)
      .set({ status: 0 })
      .where(eq(products.productNo, shop1001.sales.senyeRunning.products[0]!.productNo));
    try {
      expect((await search('冲锋衣')).total).toBe(0);
    } finally {
      await database.db
        .update(products)
        .set({ status: 1 })
        .where(eq(products.productNo, shop1001.sales.senyeRunning.products[0]!.productNo));
    }
  });

  it('shows prices with the global and the sale markup, as the product page does', async () => {
    await database.db.update(shops).set({ globalAddPriceCents: 500 }).where(eq(shops.id, '1001'));
    await database.db
      .update(activities)
      .set({ addPriceCents: 300 })
      .where(eq(activities.activityNo, shop1001.sales.senyeRunning.activityNo));
    try {
      const [card] = (await search('冲锋衣')).items;
      const detail = await getProductDetail(
        database.db,
        '1001',
        shop1001.sales.senyeRunning.products[0]!.productNo,
        SEED_NOW,
      );
      expect(card!.priceCents).toBe(detail!.priceCents);
      const [row] = await database.db
        .select()
        .from(products)
        .where(eq(products.productNo, shop1001.sales.senyeRunning.products[0]!.productNo));
      expect(card!.priceCents).toBe(row!.priceCents + 800);
    } finally {
      await database.db.update(shops).set({ globalAddPriceCents: 0 }).where(eq(shops.id, '1001'));
      await database.db
        .update(activities)
        .set({ addPriceCents: 0 })
        .where(eq(activities.activityNo, shop1001.sales.senyeRunning.activityNo));
    }
  });

  it('finds nothing for an empty keyword', async () => {
    expect(await search('  ')).toEqual({ total: 0, items: [], brands: [] });
  });
});

describe('hotKeys', () => {
  it('gives the shop’s keys in order with the type-5 key as the default', async () => {
    expect(await hotKeys(database.db, '1001')).toEqual({
      defaultKey: '冲锋衣',
      keys: ['冲锋衣', '连衣裙', '跑鞋', '四件套', '精华', '童装'],
    });
    expect((await listHotKeys(database.db, '1002'))[0]).toEqual({ hotName: '四件套', type: 5 });
  });

  it('finds goods for every key of every demo shop, the search box’s hint first', async () => {
    for (const shopId of ['1001', '1002']) {
      const keys = await listHotKeys(database.db, shopId);
      expect(keys.length).toBeGreaterThan(0);
      for (const { hotName } of keys) {
        const found = await searchProducts(database.db, shopId, {
          keyword: hotName,
          now: SEED_NOW,
        });
        expect(found.total, `${shopId} ${hotName}`).toBeGreaterThan(0);
      }
    }
  });

  it('has no default without a type-5 key, and no keys for an unknown shop', async () => {
    await database.db
      .update(hotSearchKeys)
      .set({ type: 1 })
      .where(eq(hotSearchKeys.shopId, '1002'));
    expect((await hotKeys(database.db, '1002')).defaultKey).toBeNull();
    expect(await hotKeys(database.db, '9999')).toEqual({ defaultKey: null, keys: [] });
  });
});

describe('search on its index', () => {
  const SORTS: ProductSort[] = ['default', 'price-asc', 'price-desc', 'sales'];

  it('finds exactly what the plain match finds, in the same order, whatever the sort', async () => {
    for (const shopId of ['1001', '1002']) {
      for (const keyword of REFERENCE_KEYWORDS) {
        for (const sort of SORTS) {
          const plain = await plainSearch(database.db, shopId, keyword, sort, SEED_NOW);
          const found = await searchProducts(database.db, shopId, {
            keyword,
            sort,
            pageSize: 50,
            now: SEED_NOW,
          });
          const label = `${shopId} ${keyword} ${sort}`;
          expect(found.total, label).toBe(plain.length);
          expect(
            found.items.map((p) => p.productNo),
            label,
          ).toEqual(plain.slice(0, 50));
        }
      }
    }
    // The check means something: one- and two-character terms find many products.
    expect(
      (await plainSearch(database.db, '1001', '的', 'default', SEED_NOW)).length,
    ).toBeGreaterThan(10);
  });

  it('kept per content version, still shows a sale’s products as the clock opens it', async () => {
    // A sale opening half-way through a minute: two instants either side share one read.
    const sale = shop1001.sales.senyeRunning;
    const start = new Date(SEED_NOW.getTime() + 30_000);
    const [row] = await database.db
      .select({ id: activities.id, startAt: activities.startAt })
      .from(activities)
      .where(eq(activities.activityNo, sale.activityNo));
    await database.db.update(activities).set({ startAt: start }).where(eq(activities.id, row!.id));
    try {
      const contentVersion = await readContentVersion(database.db);
      const at = (offset: number) =>
        searchProducts(database.db, '1001', {
          keyword: '冲锋衣',
          contentVersion,
          now: new Date(start.getTime() + offset),
        });
      const before = await at(-10_000);
      expect(before).toMatchObject({ total: 0, items: [], brands: [] });
      const after = await at(10_000);
      expect(after.total).toBe(1);
      expect(after.items[0]!.productNo).toBe(sale.products[0]!.productNo);
      expect((await at(-5_000)).total).toBe(0);
    } finally {
      await database.db
        .update(activities)
        .set({ startAt: row!.startAt })
        .where(eq(activities.id, row!.id));
    }
  });
});
