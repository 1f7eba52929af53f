import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import { activities, banners } from '#lib/platform/db/schema.ts';
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

  it('read once per content version, still shows each sale and banner as the clock reaches it', async () => {
    // A sale and a banner starting half-way through a minute, so two instants either side of
    // the start fall in the same minute and share one read.
    const [sale] = await database.db
      .select({ id: activities.id, activityNo: activities.activityNo, endAt: activities.endAt })
      .from(activities)
      .where(eq(activities.activityNo, shop1001.sales.senyeRunning.activityNo));
    const start = new Date(SEED_NOW.getTime() + 30_000);
    await database.db.update(activities).set({ startAt: start }).where(eq(activities.id, sale!.id));
    const [banner] = await database.db
      .select({ id: banners.id, title: banners.title })
      .from(banners)
      .where(eq(banners.shopId, '1001'))
      .limit(1);
    await database.db.update(banners).set({ startAt: start }).where(eq(banners.id, banner!.id));
    const contentVersion = await readContentVersion(database.db);
    const before = await getHome(database.db, '1001', {
      contentVersion,
      now: new Date(start.getTime() - 10_000),
    });
    const after = await getHome(database.db, '1001', {
      contentVersion,
      now: new Date(start.getTime() + 10_000),
    });
    const running = (home: typeof before) => home.brandWall.map((b) => b.activityNo);
    expect(running(before)).not.toContain(sale!.activityNo);
    expect(before.upcoming.map((u) => u.activityNo)).toContain(sale!.activityNo);
    expect(before.banners.map((b) => b.title)).not.toContain(banner!.title);
    expect(running(after)).toContain(sale!.activityNo);
    expect(after.upcoming.map((u) => u.activityNo)).not.toContain(sale!.activityNo);
    expect(after.banners.map((b) => b.title)).toContain(banner!.title);
    // And as it ends.
    const ended = await getHome(database.db, '1001', { contentVersion, now: sale!.endAt });
    expect(running(ended)).not.toContain(sale!.activityNo);
  });
});
