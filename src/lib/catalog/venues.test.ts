import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { activities, products, shops } from '#lib/platform/db/schema.ts';
import { getBrandSale } from './catalog.server.ts';
import { productPriceCents } from './pricing.server.ts';
import {
  VENUE_KINDS,
  getLanding,
  getSaleInfo,
  getSeckillPage,
  getVenue,
  listNpieceSales,
  listRunningSales,
  listRunningSalesByTag,
  listTopBrands,
  listTopProducts,
  listUpcomingByDay,
  nextUpcomingSaleNo,
  parseActivityNos,
  shopDayStart,
} from './venues.server.ts';
import { npieceTotalCents, ruleLabel } from './pricing.ts';
import { seedHandles } from '#demo/handles.ts';

const { shop1001 } = seedHandles;

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

const HOUR = 3_600_000;
const kindOf = async (activityNos: string[]) =>
  new Map(
    (
      await database.db
        .select({ no: activities.activityNo, kind: activities.kind })
        .from(activities)
        .where(inArray(activities.activityNo, activityNos))
    ).map((r) => [r.no, r.kind]),
  );

describe('the seeded promotions', () => {
  it('keep the catalogue: the old numbers first, the new sales and products after them', async () => {
    const rows = await database.db
      .select({ no: products.productNo, activityNo: activities.activityNo, kind: activities.kind })
      .from(products)
      .innerJoin(activities, eq(activities.id, products.activityId))
      .where(eq(products.shopId, '1001'))
      .orderBy(products.productNo);
    expect(rows.length).toBeGreaterThanOrEqual(80);
    const old = rows.filter((r) => r.no <= shop1001.sales.hemuEnded.products[4]!.productNo);
    expect(old).toHaveLength(80);
    expect(
      old.every((r) => r.activityNo <= shop1001.sales.hemuEnded.activityNo && r.kind === 'brand'),
    ).toBe(true);
    const added = rows.filter((r) => r.no > shop1001.sales.hemuEnded.products[4]!.productNo);
    expect(added.length).toBeGreaterThan(0);
    expect(
      added.every((r) => r.activityNo > shop1001.sales.hemuEnded.activityNo && r.kind !== 'brand'),
    ).toBe(true);
  });
});

describe('running and upcoming sales', () => {
  it('lists the running sales, presales and N件X折 included, flash-sale sessions not', async () => {
    const sales = await listRunningSales(database.db, '1001', SEED_NOW);
    expect(sales.every((s) => s.state === 'ongoing' && s.kind !== 'seckill')).toBe(true);
    const kinds = new Set(sales.map((s) => s.kind));
    expect(kinds).toEqual(new Set(['brand', 'presale', 'npiece']));
    expect(sales.filter((s) => s.kind === 'brand')).toHaveLength(8);
    expect(await listRunningSales(database.db, '424242', SEED_NOW)).toEqual([]);
  });

  it('groups them by the home tabs, each sale once', async () => {
    const groups = await listRunningSalesByTag(database.db, '1001', SEED_NOW);
    expect(groups.map((g) => g.tagName)).toEqual([
      '今日特卖',
      '服饰鞋包',
      '美妆个护',
      '家居生活',
      '母婴童装',
    ]);
    const grouped = groups.flatMap((g) => g.sales.map((s) => s.activityNo));
    const all = (await listRunningSales(database.db, '1001', SEED_NOW)).map((s) => s.activityNo);
    expect(grouped.toSorted()).toEqual(all.toSorted());
    for (const group of groups)
      expect(group.sales.every((s) => s.tagName === group.tagName)).toBe(true);
  });

  it('lists what opens later by start time, grouped by the shop day, without flash-sale sessions', async () => {
    const days = await listUpcomingByDay(database.db, '1001', SEED_NOW);
    const sales = days.flatMap((d) => d.sales);
    expect(sales.map((s) => s.activityNo).toSorted()).toEqual([
      shop1001.sales.bailuUpcoming.activityNo,
      shop1001.sales.yuedongUpcoming.activityNo,
      shop1001.sales.xiaomanUpcoming.activityNo,
    ]);
    const starts = sales.map((s) => s.startAt.getTime());
    expect(starts).toEqual(starts.toSorted((a, b) => a - b));
    for (const day of days) {
      expect(day.sales.every((s) => shopDayStart(s.startAt).getTime() === day.day.getTime())).toBe(
        true,
      );
      expect(day.label).toMatch(/月.*日/);
    }
    expect(await nextUpcomingSaleNo(database.db, '1001', SEED_NOW)).toBe(sales[0]!.activityNo);
  });

  it('takes the shop day in China time', () => {
    expect(shopDayStart(new Date('2026-11-21T16:30:00Z')).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
    expect(shopDayStart(new Date('2026-11-21T15:59:59Z')).toISOString()).toBe(
      '2026-11-20T16:00:00.000Z',
    );
  });
});

describe('rankings', () => {
  it('ranks brands by what their running sales sold, with their best running sale', async () => {
    const top = await listTopBrands(database.db, '1001', { now: SEED_NOW });
    expect(top.length).toBeGreaterThanOrEqual(8);
    expect(top.map((b) => b.rank)).toEqual(top.map((_, i) => i + 1));
    const totals = top.map((b) => b.salesCount);
    expect(totals).toEqual(totals.toSorted((a, b) => b - a));
    expect(new Set(top.map((b) => b.brandId)).size).toBe(top.length);
    for (const brand of top.slice(0, 3)) {
      const sale = await getBrandSale(database.db, '1001', brand.sale.activityNo, {
        now: SEED_NOW,
      });
      expect(sale!.state).toBe('ongoing');
      expect(sale!.brand.name).toBe(brand.name);
      expect(brand.products.length).toBeGreaterThan(0);
      expect(brand.products.length).toBeLessThanOrEqual(3);
      expect(brand.products.every((p) => p.activityNo === brand.sale.activityNo)).toBe(true);
    }
    // 森野 runs one sale: its total is that sale's.
    const senye = top.find((b) => b.name === '森野 SENYE')!;
    const sale = await getBrandSale(database.db, '1001', senye.sale.activityNo, { now: SEED_NOW });
    expect(senye.salesCount).toBe(sale!.products.reduce((sum, p) => sum + p.salesCount, 0));
    expect(await listTopBrands(database.db, '1001', { limit: 2, now: SEED_NOW })).toHaveLength(2);
  });

  it('ranks the running sales’ products by pieces sold, none of a flash-sale session', async () => {
    const top = await listTopProducts(database.db, '1001', { limit: 20, now: SEED_NOW });
    expect(top).toHaveLength(20);
    const counts = top.map((p) => p.salesCount);
    expect(counts).toEqual(counts.toSorted((a, b) => b - a));
    const kinds = await kindOf([...new Set(top.map((p) => p.activityNo))]);
    expect([...kinds.values()].every((kind) => kind !== 'seckill')).toBe(true);
    const running = new Set(
      (await listRunningSales(database.db, '1001', SEED_NOW)).map((s) => s.activityNo),
    );
    expect(top.every((p) => running.has(p.activityNo))).toBe(true);
    expect(top.every((p) => p.imageUrl?.startsWith('/media/'))).toBe(true);
  });
});

describe('flash-sale sessions', () => {
  it('gives today’s sessions on the hour, and shows the running one first', async () => {
    const page = await getSeckillPage(database.db, '1001', { now: SEED_NOW });
    // SEED_NOW is 12:00 in China.
    expect(page.sessions.map((s) => [s.label, s.state])).toEqual([
      ['08:00', 'ended'],
      ['10:00', 'ended'],
      ['12:00', 'ongoing'],
      ['20:00', 'upcoming'],
    ]);
    expect(page.current!.label).toBe('12:00');
    expect(page.products).toHaveLength(4);
    for (const p of page.products) {
      expect(p.activityNo).toBe(page.current!.activityNo);
      expect(p.soldPercent).toBeGreaterThanOrEqual(0);
      expect(p.soldPercent).toBeLessThanOrEqual(100);
      expect(p.priceCents).toBeLessThan(p.marketPriceCents);
    }
  });

  it('switches to a chosen session; an ended session’s first piece is gone', async () => {
    const first = await getSeckillPage(database.db, '1001', { now: SEED_NOW });
    const ended = first.sessions[0]!;
    const page = await getSeckillPage(database.db, '1001', {
      activityNo: ended.activityNo,
      now: SEED_NOW,
    });
    expect(page.current!.activityNo).toBe(ended.activityNo);
    expect(page.products[0]!.soldOut).toBe(true);
    expect(page.products[0]!.soldPercent).toBe(100);
    expect(page.products.map((p) => p.productNo)).not.toEqual(
      first.products.map((p) => p.productNo),
    );
    // An unknown choice falls back to the running session.
    const unknown = await getSeckillPage(database.db, '1001', {
      activityNo: shop1001.sales.senyeRunning.activityNo,
      now: SEED_NOW,
    });
    expect(unknown.current!.label).toBe('12:00');
  });

  it('keeps last night’s sessions after midnight, marked as yesterday’s', async () => {
    const afterMidnight = new Date(SEED_NOW.getTime() + 12 * HOUR + 30 * 60_000); // 00:30
    const page = await getSeckillPage(database.db, '1001', { now: afterMidnight });
    // Those that ended in the last 12 hours: 12:00 (until 14:00) and 20:00.
    expect(page.sessions.map((s) => [s.label, s.state])).toEqual([
      ['昨日 12:00', 'ended'],
      ['昨日 20:00', 'ended'],
    ]);
    expect(page.current!.label).toBe('昨日 20:00');
    const later = new Date(SEED_NOW.getTime() + 22 * HOUR + 1); // 10:00 the next day
    expect((await getSeckillPage(database.db, '1001', { now: later })).sessions).toEqual([]);
  });

  it('shows the next session when none runs, tomorrow’s marked, and nothing in another shop', async () => {
    const evening = new Date(SEED_NOW.getTime() + 6 * HOUR); // 18:00
    const page = await getSeckillPage(database.db, '1001', { now: evening });
    expect(page.current!.label).toBe('20:00');
    expect(page.current!.state).toBe('upcoming');
    const dayBefore = new Date(SEED_NOW.getTime() - 24 * HOUR);
    const before = await getSeckillPage(database.db, '1001', { now: dayBefore });
    expect(before.sessions.map((s) => s.label)).toEqual([
      '明日 08:00',
      '明日 10:00',
      '明日 12:00',
      '明日 20:00',
    ]);
    expect(await getSeckillPage(database.db, '1002', { now: SEED_NOW })).toEqual({
      sessions: [],
      current: null,
      products: [],
    });
  });
});

describe('venues', () => {
  it('opens the venue of every kind with its sales and best sellers', async () => {
    for (const kind of VENUE_KINDS) {
      const venue = await getVenue(database.db, '1001', kind, { now: SEED_NOW });
      expect(venue, kind).not.toBeNull();
      expect(venue!.kind).toBe(kind);
      expect(venue!.bannerUrl).toMatch(/^\/media\/\d+$/);
      expect(venue!.sales.length, kind).toBeGreaterThan(0);
      expect(venue!.sales.every((s) => s.state !== 'ended')).toBe(true);
      expect(venue!.products.length, kind).toBeGreaterThan(0);
      const counts = venue!.products.map((p) => p.salesCount);
      expect(counts).toEqual(counts.toSorted((a, b) => b - a));
    }
  });

  it('leaves out the venue’s ended sales and puts the running ones first', async () => {
    const market = await getVenue(database.db, '1001', 'superMarket', { now: SEED_NOW });
    const nos = market!.sales.map((s) => s.activityNo);
    expect(nos).toContain(shop1001.sales.hemuRunning.activityNo);
    expect(nos).not.toContain(shop1001.sales.hemuEnded.activityNo);
    expect(market!.sales.some((s) => s.kind === 'npiece')).toBe(true);
    const business = await getVenue(database.db, '1001', 'businessVenue', { now: SEED_NOW });
    expect(business!.venueNo).toBe(shop1001.venues.winterGala.venueNo);
    expect(business!.sales.map((s) => s.state)).toEqual(['ongoing', 'ongoing', 'upcoming']);
  });

  it('finds no venue that is ended, unknown, of another kind or of another shop', async () => {
    const find = (kind: (typeof VENUE_KINDS)[number], venueNo: string, shopId = '1001') =>
      getVenue(database.db, shopId, kind, { venueNo, now: SEED_NOW });
    expect(await find('businessVenue', shop1001.venues.winterGala.venueNo)).not.toBeNull();
    expect(await find('businessVenue', shop1001.venues.elevenEncore.venueNo)).toBeNull();
    expect(await find('businessVenue', 'V9999999')).toBeNull();
    expect(await find('businessVenue', shop1001.venues.supermarket.venueNo)).toBeNull();
    expect(await find('businessVenue', shop1001.venues.winterGala.venueNo, '1002')).toBeNull();
    expect(await getVenue(database.db, '1002', 'superMarket', { now: SEED_NOW })).toBeNull();
  });
});

describe('landings', () => {
  it('lands on the sales a link names, and their products', async () => {
    const landing = await getLanding(
      database.db,
      '1001',
      {
        activityNos: parseActivityNos(
          `${shop1001.sales.senyeRunning.activityNo},${shop1001.sales.yuedongRunning.activityNo}`,
        ),
      },
      SEED_NOW,
    );
    expect(landing!.sales.map((s) => s.activityNo)).toEqual([
      shop1001.sales.senyeRunning.activityNo,
      shop1001.sales.yuedongRunning.activityNo,
    ]);
    expect(landing!.products.length).toBeGreaterThan(0);
    expect(
      landing!.products.every((p) =>
        [shop1001.sales.senyeRunning.activityNo, shop1001.sales.yuedongRunning.activityNo].includes(
          p.activityNo,
        ),
      ),
    ).toBe(true);
    const one = await getLanding(
      database.db,
      '1001',
      { activityNos: [shop1001.sales.bailuRunning.activityNo] },
      SEED_NOW,
    );
    expect(one!.title).toBe('白鹭 BAILU 品牌特卖');
  });

  it('lands a banner of the list on what it promotes: its link’s list, else every running sale', async () => {
    const landing = await getLanding(
      database.db,
      '1001',
      { location: 'indexBanner', index: 0 },
      SEED_NOW,
    );
    expect(landing!.title).toBe('品牌狂欢季');
    expect(landing!.bannerUrl).toMatch(/^\/media\/\d+$/);
    const running = await listRunningSales(database.db, '1001', SEED_NOW);
    expect(landing!.sales.map((s) => s.activityNo)).toEqual(running.map((s) => s.activityNo));
  });

  it('finds nothing for an unknown banner or sales that have all ended', async () => {
    const land = (source: Parameters<typeof getLanding>[2]) =>
      getLanding(database.db, '1001', source, SEED_NOW);
    expect(await land({ location: 'indexBanner', index: 99 })).toBeNull();
    expect(await land({ location: 'nowhere', index: 0 })).toBeNull();
    expect(await land({ location: 'indexBanner', index: -1 })).toBeNull();
    expect(
      await land({
        activityNos: [shop1001.sales.senyeEnded.activityNo, shop1001.sales.jijianEnded.activityNo],
      }),
    ).toBeNull();
    expect(await land({ activityNos: [] })).toBeNull();
    expect(
      await getLanding(
        database.db,
        '1002',
        { activityNos: [shop1001.sales.senyeRunning.activityNo] },
        SEED_NOW,
      ),
    ).toBeNull();
  });

  it('reads an activity list from a link, checked and capped', () => {
    expect(parseActivityNos(' A1,A2 ,A1,bad no,<x>')).toEqual(['A1', 'A2']);
    expect(parseActivityNos(null)).toEqual([]);
    expect(parseActivityNos(Array.from({ length: 30 }, (_, i) => `A${i}`).join(','))).toHaveLength(
      10,
    );
  });
});

describe('N件X折', () => {
  it('lists the running N件X折 sale with its rule', async () => {
    const sales = await listNpieceSales(database.db, '1001', SEED_NOW);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ kind: 'npiece', state: 'ongoing' });
    expect(sales[0]!.rule).toEqual({ pieces: 3, discountTenths: 7 });
    expect(ruleLabel(sales[0]!.rule!)).toBe('3件7折');
    const info = await getSaleInfo(database.db, '1001', sales[0]!.activityNo);
    expect(info).toMatchObject({
      kind: 'npiece',
      rule: { pieces: 3, discountTenths: 7 },
      venue: { venueNo: shop1001.venues.supermarket.venueNo, kind: 'superMarket' },
    });
    expect(await getSaleInfo(database.db, '1002', sales[0]!.activityNo)).toBeNull();
  });

  it('works the rule through on prices, rounding to the cent', () => {
    expect(npieceTotalCents({ pieces: 3, discountTenths: 7 }, [3900, 4900, 5900])).toBe(10290);
    expect(npieceTotalCents({ pieces: 2, discountTenths: 5 }, [1, 2])).toBe(2);
  });
});

describe('prices', () => {
  it('carry the shop’s and the sale’s markups everywhere', async () => {
    await database.db.update(shops).set({ globalAddPriceCents: 300 }).where(eq(shops.id, '1001'));
    await database.db
      .update(activities)
      .set({ addPriceCents: 150 })
      .where(inArray(activities.kind, ['seckill', 'npiece', 'presale']));
    const tiles = [
      ...(await listTopProducts(database.db, '1001', { now: SEED_NOW })),
      ...(await getSeckillPage(database.db, '1001', { now: SEED_NOW })).products,
      ...(await getVenue(database.db, '1001', 'presale-fresh', { now: SEED_NOW }))!.products,
      ...(await listTopBrands(database.db, '1001', { now: SEED_NOW })).flatMap((b) => b.products),
    ];
    expect(tiles.length).toBeGreaterThan(20);
    for (const tile of tiles) {
      const price = await productPriceCents(database.db, tile.productNo);
      expect(tile.priceCents, tile.productNo).toBe(price!.priceCents);
    }
  });
});
