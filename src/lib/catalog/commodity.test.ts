import { and, asc, eq, gt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { activities, banners, products, shops } from '#lib/platform/db/schema.ts';
import { getBrandSale, listOngoingSales } from './catalog.server.ts';
import {
  activitiesExist,
  getBrandWallResource,
  getCategoryResource,
  getMarketResource,
  getNewBornProducts,
  getNewBornResource,
  listBanners,
  listBrandsWithSales,
  listDiamonds,
  listMemberSales,
  listRecommendedSales,
  listSaleTags,
  listUpcomingDays,
  listUpcomingSales,
  pageSales,
  productsExist,
  shopDay,
} from './commodity.server.ts';
import { noListSchema } from './contracts.ts';
import { SaleStatus } from './status.ts';
import { getHome } from '#lib/shop/ui/home.server.ts';
import { productPriceCents } from './pricing.server.ts';
import { seedHandles } from '#demo/handles.ts';

const { shop1001, shop1002 } = seedHandles;

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

const home = (shopId = '1001') => getHome(database.db, shopId, { now: SEED_NOW });
const running = (shopId = '1001') => listOngoingSales(database.db, shopId, SEED_NOW);
const upcomingCount = async (shopId = '1001') =>
  (
    await database.db
      .select({ id: activities.id })
      .from(activities)
      .where(
        and(
          eq(activities.shopId, shopId),
          eq(activities.status, 1),
          gt(activities.startAt, SEED_NOW),
          ne(activities.kind, 'seckill'),
        ),
      )
  ).length;

describe('sale tabs and lists', () => {
  it('lists the tabs in order with the count of their running sales, as the home page filters', async () => {
    const tags = await listSaleTags(database.db, '1001', SEED_NOW);
    expect(tags.map((t) => t.name)).toEqual([
      '今日特卖',
      '服饰鞋包',
      '美妆个护',
      '家居生活',
      '母婴童装',
    ]);
    for (const tag of tags) {
      const page = await getHome(database.db, '1001', { tagNo: tag.tagNo, now: SEED_NOW });
      expect(tag.activityCount).toBe(page.salesTotal);
    }
    // A sale has one tag at most.
    const tagged = tags.reduce((sum, t) => sum + t.activityCount, 0);
    expect(tagged).toBeGreaterThan(0);
    expect(tagged).toBeLessThanOrEqual((await running()).length);
    expect(await listSaleTags(database.db, '424242', SEED_NOW)).toEqual([]);
  });

  it('pages every running sale, or a tab’s own, and nothing for an unknown tab or shop', async () => {
    const expected = (await running()).map((s) => s.activityNo);
    expect(expected.length).toBeGreaterThan(3);
    const all = await pageSales(database.db, '1001', { pageSize: 3, now: SEED_NOW });
    expect(all).toMatchObject({ tag: null, total: expected.length, pageNum: 1, pageSize: 3 });
    const pages = [all.list];
    for (let pageNum = 2; pageNum <= Math.ceil(expected.length / 3); pageNum++) {
      pages.push(
        (await pageSales(database.db, '1001', { pageNum, pageSize: 3, now: SEED_NOW })).list,
      );
    }
    expect(pages.slice(0, -1).every((p) => p.length === 3)).toBe(true);
    expect(pages.flat().map((s) => s.activityNo)).toEqual(expected);
    expect(all.list).toEqual((await home()).sales.slice(0, 3));

    const beauty = await pageSales(database.db, '1001', {
      tagNo: shop1001.tags.beauty,
      now: SEED_NOW,
    });
    expect(beauty.tag).toEqual({ tagNo: shop1001.tags.beauty, name: '美妆个护' });
    expect(beauty.list.map((s) => s.brandName)).toEqual(['小满美妆']);

    expect(await pageSales(database.db, '1001', { tagNo: 'nope', now: SEED_NOW })).toMatchObject({
      tag: null,
      total: 0,
      list: [],
    });
    // Another shop's tag is not this shop's tab.
    expect(
      (await pageSales(database.db, '1001', { tagNo: shop1002.tags.qualityLife, now: SEED_NOW }))
        .total,
    ).toBe(0);
    expect((await pageSales(database.db, '424242', { now: SEED_NOW })).total).toBe(0);
  });

  it('answers the first tab’s running sales as the member sales', async () => {
    const member = await listMemberSales(database.db, '1001', SEED_NOW);
    expect(member.tag).toEqual({ tagNo: shop1001.tags.todayPicks, name: '今日特卖' });
    const first = await pageSales(database.db, '1001', {
      tagNo: shop1001.tags.todayPicks,
      now: SEED_NOW,
    });
    expect(member.list).toEqual(first.list);
    expect(await listMemberSales(database.db, '424242', SEED_NOW)).toEqual({ tag: null, list: [] });
  });

  it('recommends the running sales whose products sold most', async () => {
    const recommended = await listRecommendedSales(database.db, '1001', { now: SEED_NOW });
    expect(recommended).toHaveLength(Math.min(10, (await running()).length));
    const counts = recommended.map((s) => s.salesCount);
    expect(counts).toEqual(counts.toSorted((a, b) => b - a));
    for (const sale of recommended.slice(0, 2)) {
      const full = await getBrandSale(database.db, '1001', sale.activityNo, { now: SEED_NOW });
      expect(sale.salesCount).toBe(full!.products.reduce((sum, p) => sum + p.salesCount, 0));
      expect(full!.state).toBe('ongoing');
    }
    expect(
      await listRecommendedSales(database.db, '1001', { limit: 3, now: SEED_NOW }),
    ).toHaveLength(3);
    expect(await listRecommendedSales(database.db, '424242', { now: SEED_NOW })).toEqual([]);
  });
});

describe('upcoming sales', () => {
  it('lists what starts soon, soonest first, as the home page previews it', async () => {
    const upcoming = await listUpcomingSales(database.db, '1001', { now: SEED_NOW });
    expect(upcoming).toHaveLength(await upcomingCount());
    expect(upcoming.every((s) => s.startAt > SEED_NOW)).toBe(true);
    expect(upcoming.slice(0, 3).map((s) => s.activityNo)).toEqual(
      (await home()).upcoming.map((u) => u.activityNo),
    );
    const starts = upcoming.map((s) => s.startAt.getTime());
    expect(starts).toEqual(starts.toSorted((a, b) => a - b));
  });

  it('groups them by their start day in China time, and filters by a day', async () => {
    const days = await listUpcomingDays(database.db, '1001', SEED_NOW);
    expect(days.reduce((sum, d) => sum + d.activityCount, 0)).toBe(await upcomingCount());
    expect(days.length).toBeGreaterThan(1);
    for (const day of days) {
      expect(day.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(day.list.every((s) => shopDay(s.startAt) === day.day)).toBe(true);
      const filtered = await listUpcomingSales(database.db, '1001', {
        day: day.day,
        now: SEED_NOW,
      });
      expect(filtered.map((s) => s.activityNo)).toEqual(day.list.map((s) => s.activityNo));
    }
    expect(days.map((d) => d.day)).toEqual(days.map((d) => d.day).toSorted());
    expect(shopDay(new Date('2026-11-21T16:30:00Z'))).toBe('2026-11-22');
    expect(await listUpcomingDays(database.db, '424242', SEED_NOW)).toEqual([]);
  });
});

describe('brands, banners and icons', () => {
  it('lists the brands with running sales as the home page’s brand wall does', async () => {
    const brands = await listBrandsWithSales(database.db, '1001', SEED_NOW);
    const wall = (await home()).brandWall;
    expect(brands.map((b) => [b.brandName, b.activityNo])).toEqual(
      wall.map((b) => [b.name, b.activityNo]),
    );
    expect(brands.reduce((sum, b) => sum + b.activityCount, 0)).toBe((await running()).length);
    const resource = await getBrandWallResource(database.db, '1001', SEED_NOW);
    expect(resource).toMatchObject({ configId: 'B1001', title: '品牌墙' });
    expect(resource!.list).toEqual(brands);
    expect(await listBrandsWithSales(database.db, '424242', SEED_NOW)).toEqual([]);
  });

  it('leaves out a banner leading to a sale shoppers cannot open (hidden or withdrawn)', async () => {
    const sale = shop1001.sales.senyeRunning;
    const [first] = await database.db
      .select({ id: banners.id, link: banners.link })
      .from(banners)
      .where(and(eq(banners.shopId, '1001'), eq(banners.location, 'indexBanner')))
      .orderBy(asc(banners.sort))
      .limit(1);
    const before = await listBanners(database.db, '1001', 'indexBanner', SEED_NOW);
    await database.db
      .update(banners)
      .set({ link: { route: 'brand', params: { activityNo: sale.activityNo } } })
      .where(eq(banners.id, first!.id));
    try {
      const linked = await listBanners(database.db, '1001', 'indexBanner', SEED_NOW);
      expect(linked[0]!.link).toEqual({ route: 'brand', params: { activityNo: sale.activityNo } });
      await database.db
        .update(activities)
        .set({ status: SaleStatus.Hidden })
        .where(eq(activities.activityNo, sale.activityNo));
      const hidden = await listBanners(database.db, '1001', 'indexBanner', SEED_NOW);
      expect(hidden.map((b) => b.title)).toEqual(before.slice(1).map((b) => b.title));
    } finally {
      await database.db
        .update(activities)
        .set({ status: SaleStatus.Published })
        .where(eq(activities.activityNo, sale.activityNo));
      await database.db.update(banners).set({ link: first!.link }).where(eq(banners.id, first!.id));
    }
  });

  it('gives the live banners of a location with their link targets', async () => {
    const index = await listBanners(database.db, '1001', 'indexBanner', SEED_NOW);
    expect(index.map((b) => b.title)).toEqual((await home()).banners.map((b) => b.title));
    expect(index[0]!.link).toEqual({ route: 'brandList', params: {} });
    expect(index[1]!.link).toEqual({ route: 'coupon-center', params: {} });
    expect(
      (await listBanners(database.db, '1001', 'proDetailBanner', SEED_NOW)).map((b) => b.title),
    ).toEqual(['分享赚佣金']);

    const [first] = await database.db
      .select({ id: banners.id })
      .from(banners)
      .where(eq(banners.shopId, '1001'))
      .orderBy(asc(banners.sort))
      .limit(1);
    await database.db
      .update(banners)
      .set({ endAt: SEED_NOW, link: { route: 'no-such-route' } })
      .where(eq(banners.id, first!.id));
    try {
      const after = await listBanners(database.db, '1001', 'indexBanner', SEED_NOW);
      expect(after).toHaveLength(index.length - 1);
      const earlier = new Date(SEED_NOW.getTime() - 1000);
      const [stillLive] = await listBanners(database.db, '1001', 'indexBanner', earlier);
      expect(stillLive).toMatchObject({ title: index[0]!.title, link: null });
    } finally {
      await database.db
        .update(banners)
        .set({ endAt: null, link: { route: 'brandList' } })
        .where(eq(banners.id, first!.id));
    }
    expect(await listBanners(database.db, '424242', 'indexBanner', SEED_NOW)).toEqual([]);
  });

  it('gives the icon list as the home page shows it', async () => {
    const diamonds = await listDiamonds(database.db, '1001');
    expect(diamonds.map(({ name, iconUrl, route }) => ({ name, iconUrl, route }))).toEqual(
      (await home()).diamonds,
    );
    expect(diamonds[0]).toMatchObject({ name: '品牌特卖', link: { route: 'brandList' } });
    expect(await listDiamonds(database.db, '424242')).toEqual([]);
  });

  it('gives the category module', async () => {
    const resource = await getCategoryResource(database.db, '1001');
    expect(resource).toMatchObject({ configId: 'C1001', title: '分类精选' });
    expect(resource!.list.map((c) => c.name)).toEqual((await home()).categories.map((c) => c.name));
    await expect(getCategoryResource(database.db, '424242')).rejects.toMatchObject({
      status: 404,
      message: '店铺不存在',
    });
  });
});

describe('market and new-customer zone', () => {
  it('gives the market in the spec’s shape, pictures comma-separated with the cover first', async () => {
    const market = await getMarketResource(database.db, '1001');
    const page = (await home()).market!;
    expect(market).toMatchObject({
      configId: 'M1001',
      title: page.title,
      bgColor: '#fff1ea',
      bgImg: null,
      ringshopShowLinkUrl: 'top-list',
    });
    expect(market!.productList.map((p) => p.productNo)).toEqual(
      page.products.map((p) => p.productNo),
    );
    for (const [i, product] of market!.productList.entries()) {
      const pictures = product.productPicUrl.split(',');
      expect(pictures.length).toBe(3);
      expect(pictures[0]).toBe(page.products[i]!.imageUrl);
      expect(product.priceCents).toBe(page.products[i]!.priceCents);
      expect(product.price).toBe((product.priceCents / 100).toFixed(2));
      expect(product.marketPrice).toBe((product.marketPriceCents / 100).toFixed(2));
      expect(product.marketPriceCents).toBeGreaterThanOrEqual(product.priceCents);
    }
    expect(await getMarketResource(database.db, '1001', 'M1001')).toEqual(market);
    expect(await getMarketResource(database.db, '1001', 'M1002')).toBeNull();
    await expect(getMarketResource(database.db, '424242')).rejects.toMatchObject({
      status: 404,
      message: '店铺不存在',
    });
  });

  it('prices module products with the shop’s and the sale’s markups', async () => {
    const before = (await getMarketResource(database.db, '1001'))!.productList[0]!;
    const [sale] = await database.db
      .select({ id: activities.id })
      .from(activities)
      .where(eq(activities.activityNo, before.activityNo!));
    await database.db.update(shops).set({ globalAddPriceCents: 500 }).where(eq(shops.id, '1001'));
    await database.db
      .update(activities)
      .set({ addPriceCents: 300 })
      .where(eq(activities.id, sale!.id));
    try {
      const after = (await getMarketResource(database.db, '1001'))!.productList[0]!;
      expect(after.priceCents).toBe(before.priceCents + 800);
      expect(after.price).toBe(((before.priceCents + 800) / 100).toFixed(2));
      expect((await productPriceCents(database.db, after.productNo))!.priceCents).toBe(
        after.priceCents,
      );
      const zone = await getNewBornProducts(database.db, '1001');
      const page = (await home()).newBorn!;
      expect(zone.list.map((p) => p.priceCents)).toEqual(page.products.map((p) => p.priceCents));
    } finally {
      await database.db.update(shops).set({ globalAddPriceCents: 0 }).where(eq(shops.id, '1001'));
      await database.db
        .update(activities)
        .set({ addPriceCents: 0 })
        .where(eq(activities.id, sale!.id));
    }
  });

  it('gives the new-customer zone with its coupon and products, and its detail list', async () => {
    const zone = await getNewBornResource(database.db, '1001');
    const page = (await home()).newBorn!;
    expect(zone).toMatchObject({ configId: 'N1001', title: page.title, bgColor: '#ffeef0' });
    expect(zone!.coupons.map((c) => c.couponNo)).toEqual([shop1001.coupons.newcomer]);
    expect(zone!.coupons[0]!.amountCents).toBe(1500);
    expect(zone!.productList.map((p) => p.productNo)).toEqual(
      page.products.map((p) => p.productNo),
    );
    const detail = await getNewBornProducts(database.db, '1001');
    expect(detail).toMatchObject({ configId: 'N1001', total: 4 });
    expect(detail.list).toEqual(zone!.productList);
    expect(await getNewBornProducts(database.db, '424242')).toEqual({
      configId: null,
      title: '',
      total: 0,
      list: [],
    });
    await expect(getNewBornResource(database.db, '424242')).rejects.toMatchObject({ status: 404 });
  });

  it('drops products that are withdrawn or of another shop', async () => {
    const market = (await getMarketResource(database.db, '1001'))!;
    const withdrawn = market.productList[1]!.productNo;
    await database.db.update(products).set({ status: 0 }).where(eq(products.productNo, withdrawn));
    try {
      const after = (await getMarketResource(database.db, '1001'))!;
      expect(after.productList.map((p) => p.productNo)).not.toContain(withdrawn);
      expect(after.productList).toHaveLength(market.productList.length - 1);
    } finally {
      await database.db
        .update(products)
        .set({ status: 1 })
        .where(eq(products.productNo, withdrawn));
    }
    const zone1002 = (await getNewBornResource(database.db, '1002'))!;
    expect(zone1002.productList.every((p) => p.productNo.startsWith('P1002'))).toBe(true);
  });
});

describe('exists checks', () => {
  it('tells running sales of the shop from upcoming, ended, foreign and unknown ones', async () => {
    const answer = await activitiesExist(
      database.db,
      '1001',
      [
        shop1001.sales.senyeRunning.activityNo,
        shop1001.sales.bailuUpcoming.activityNo,
        shop1001.sales.senyeEnded.activityNo,
        shop1002.sales.hemuRunning.activityNo,
        'NOPE',
        shop1001.sales.liziRunning.activityNo,
      ],
      SEED_NOW,
    );
    expect(answer).toEqual({
      exists: [shop1001.sales.senyeRunning.activityNo, shop1001.sales.liziRunning.activityNo],
      missing: [
        shop1001.sales.bailuUpcoming.activityNo,
        shop1001.sales.senyeEnded.activityNo,
        shop1002.sales.hemuRunning.activityNo,
        'NOPE',
      ],
    });
    expect(
      (
        await activitiesExist(
          database.db,
          '424242',
          [shop1001.sales.senyeRunning.activityNo],
          SEED_NOW,
        )
      ).missing,
    ).toEqual([shop1001.sales.senyeRunning.activityNo]);
  });

  it('tells buyable products of the shop from withdrawn, ended, foreign and unknown ones', async () => {
    const [ended] = await database.db
      .select({ productNo: products.productNo })
      .from(products)
      .innerJoin(activities, eq(activities.id, products.activityId))
      .where(eq(activities.activityNo, shop1001.sales.senyeEnded.activityNo))
      .limit(1);
    const [foreign] = await database.db
      .select({ productNo: products.productNo })
      .from(products)
      .where(eq(products.shopId, '1002'))
      .limit(1);
    await database.db
      .update(products)
      .set({ status: 0 })
      .where(eq(products.productNo, shop1001.sales.senyeRunning.products[1]!.productNo));
    try {
      const answer = await productsExist(
        database.db,
        '1001',
        [
          shop1001.sales.senyeRunning.products[0]!.productNo,
          shop1001.sales.senyeRunning.products[1]!.productNo,
          ended!.productNo,
          foreign!.productNo,
          'P0',
        ],
        SEED_NOW,
      );
      expect(answer).toEqual({
        exists: [shop1001.sales.senyeRunning.products[0]!.productNo],
        missing: [
          shop1001.sales.senyeRunning.products[1]!.productNo,
          ended!.productNo,
          foreign!.productNo,
          'P0',
        ],
      });
    } finally {
      await database.db
        .update(products)
        .set({ status: 1 })
        .where(eq(products.productNo, shop1001.sales.senyeRunning.products[1]!.productNo));
    }
  });

  it('reads a comma-separated list: trimmed, once each, at most 50, each checked', () => {
    expect(noListSchema.parse(' A1, A2,,A1 ')).toEqual(['A1', 'A2']);
    expect(
      noListSchema.safeParse(Array.from({ length: 51 }, (_, i) => `P${i}`).join(',')).success,
    ).toBe(false);
    expect(
      noListSchema.safeParse(Array.from({ length: 50 }, (_, i) => `P${i}`).join(',')).success,
    ).toBe(true);
    expect(noListSchema.safeParse('A1,<script>').success).toBe(false);
    expect(noListSchema.safeParse(' , ').success).toBe(false);
  });
});
