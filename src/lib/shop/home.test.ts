import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { getHome } from './ui/home.server.ts';
import { SALES_PAGE_SIZE } from './ui/home.ts';
import { seedHandles } from '#demo/handles.ts';

const { shop1001 } = seedHandles;

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

describe('home', () => {
  it('gathers every module of the shop', async () => {
    const home = await getHome(database.db, '1001', { now: SEED_NOW });
    expect(home.hotKey).toBe('冲锋衣');
    expect(home.banners.map((b) => b.title)).toEqual(['品牌狂欢季', '新人专享礼', '冬季保暖专场']);
    expect(home.diamonds).toHaveLength(8);
    expect(home.market).toMatchObject({ title: '今日爆款', bgColor: '#fff1ea' });
    expect(home.market!.products).toHaveLength(6);
    expect(home.market!.products[0]!.imageUrl).toMatch(/^\/media\/\d+$/);
    expect(home.newBorn!.products).toHaveLength(4);
    expect(home.tags.map((t) => t.name)).toEqual([
      '今日特卖',
      '服饰鞋包',
      '美妆个护',
      '家居生活',
      '母婴童装',
    ]);
    expect(home.upcoming).toHaveLength(3);
    expect(home.brandWall).toHaveLength(8);
    expect(home.categories).toHaveLength(8);
  });

  it('pages the running sales, and a tab shows only its own', async () => {
    const first = await getHome(database.db, '1001', { now: SEED_NOW });
    expect(first.salesTotal).toBe(8);
    expect(first.sales).toHaveLength(SALES_PAGE_SIZE);
    const second = await getHome(database.db, '1001', { page: 2, now: SEED_NOW });
    expect(second.sales).toHaveLength(8 - SALES_PAGE_SIZE);
    const beauty = await getHome(database.db, '1001', {
      tagNo: shop1001.tags.beauty,
      now: SEED_NOW,
    });
    expect(beauty.currentTag).toBe(shop1001.tags.beauty);
    expect(beauty.sales.map((s) => s.brandName)).toEqual(['小满美妆']);
    const unknownTag = await getHome(database.db, '1001', { tagNo: 'nope', now: SEED_NOW });
    expect(unknownTag.currentTag).toBeNull();
  });

  it('never shows another shop’s modules', async () => {
    const home = await getHome(database.db, '1002', { now: SEED_NOW });
    expect(home.market!.products.every((p) => p.productNo.startsWith('P1002'))).toBe(true);
  });
});
