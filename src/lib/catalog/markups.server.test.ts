/**
 * global-add-price on PGlite with the real migrations and the demo data: the limits per category
 * (own, the parent's, the default), refusals that save nothing, another shop's sale refused, and
 * a preview that is what the product page shows once the markup is saved.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import { givenProduct, givenSale, givenShop } from '#tests/fixtures/given.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { activities, categories, markupLimits, products, shops } from '#lib/platform/db/schema.ts';
import { seedHandles } from '#demo/handles.ts';
import { MARKUP_LIMITS } from '#demo/markups.ts';
import { getProductDetail } from './catalog.server.ts';
import { DEFAULT_MARKUP_LIMIT, MarkupMessages } from './markups.ts';
import {
  previewFinalPrices,
  readActivityAddPrice,
  readAddPriceLimits,
  readGlobalAddPrice,
  readMarkupPage,
  setActivityAddPrice,
  setGlobalAddPrice,
} from './markups.server.ts';

const { shop1001, shop1002 } = seedHandles;
const SENYE = shop1001.sales.senyeRunning; // 运动户外: no row, the default
const XIAOMAN = shop1001.sales.xiaomanRunning; // 美妆: the strictest row

let database: Database;
let db: Database['db'];
beforeAll(async () => {
  database = await memoryDatabase();
  db = database.db;
});
afterAll(() => database.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error & { code: number }) => ({ code: error.code, message: error.message }),
  );

const shopMarkup = async (shopId: string) =>
  (
    await db
      .select({ bp: shops.globalAddPriceBp, cents: shops.globalAddPriceCents })
      .from(shops)
      .where(eq(shops.id, shopId))
  )[0];
const saleMarkup = async (activityNo: string) =>
  (
    await db
      .select({ bp: activities.addPriceBp, cents: activities.addPriceCents })
      .from(activities)
      .where(eq(activities.activityNo, activityNo))
  )[0];

describe('the platform limits (queryAddPriceAstrict)', () => {
  it('differ by category in the demo; a category without a row takes the default', async () => {
    const limits = await readAddPriceLimits(db, '1001', SEED_NOW);
    const byName = new Map(limits.categories.map((c) => [c.name, c]));
    expect(byName.get('美妆')).toMatchObject({ ...MARKUP_LIMITS.beauty, source: 'own' });
    expect(byName.get('女装')).toMatchObject({ ...MARKUP_LIMITS.women, source: 'own' });
    expect(byName.get('运动户外')).toMatchObject({ ...DEFAULT_MARKUP_LIMIT, source: 'default' });
    expect(new Set(limits.categories.map((c) => c.maxBp)).size).toBeGreaterThan(2);
  });

  it('hold the global markup to the strictest category of the shop and each sale to its own', async () => {
    const limits = await readAddPriceLimits(db, '1001', SEED_NOW);
    expect(limits.global).toEqual(MARKUP_LIMITS.beauty);
    const sale = (no: string) => limits.sales.find((s) => s.activityNo === no)?.limit;
    expect(sale(SENYE.activityNo)).toEqual(DEFAULT_MARKUP_LIMIT);
    expect(sale(XIAOMAN.activityNo)).toEqual(MARKUP_LIMITS.beauty);
    // Ended sales take no markup and are not listed.
    expect(sale(shop1001.sales.senyeEnded.activityNo)).toBeUndefined();
    expect(await readGlobalAddPrice(db, '1001')).toEqual({
      markup: { kind: 'fixed', addPriceBp: 0, addPriceCents: 0, label: '未加价' },
      limit: MARKUP_LIMITS.beauty,
    });
  });

  it("fall back to the parent's row for a category without its own", async () => {
    const [parent] = await db.insert(categories).values({ name: '测试大类' }).returning();
    const [child] = await db
      .insert(categories)
      .values({ name: '测试小类', parentId: parent!.id })
      .returning();
    const [grandchild] = await db
      .insert(categories)
      .values({ name: '测试细类', parentId: child!.id })
      .returning();
    await db.insert(markupLimits).values({ categoryId: parent!.id, maxBp: 800, maxCents: 900 });
    const shop = await givenShop(db);
    const sale = await givenSale(db, shop.shopId, { now: SEED_NOW });
    const product = await givenProduct(db, sale);
    await db
      .update(products)
      .set({ categoryId: grandchild!.id })
      .where(eq(products.id, product.id));

    const limits = await readAddPriceLimits(db, shop.shopId, SEED_NOW);
    expect(limits.categories.find((c) => c.categoryId === child!.id)).toMatchObject({
      maxBp: 800,
      maxCents: 900,
      source: 'parent',
    });
    expect(limits.global).toEqual({ maxBp: 800, maxCents: 900 });
    expect(limits.sales).toEqual([
      {
        activityNo: sale.activityNo,
        title: expect.any(String),
        limit: { maxBp: 800, maxCents: 900 },
      },
    ]);
    expect(
      await refusal(
        setActivityAddPrice(db, {
          shopId: shop.shopId,
          activityNo: sale.activityNo,
          markup: { addPriceBp: 801 },
          now: SEED_NOW,
        }),
      ),
    ).toEqual({ code: 49712, message: '活动加价超出平台上限：按百分比最高8%' });
  });
});

describe('setting the global markup', () => {
  it('refuses beyond the limit with the limit in the message, and saves nothing', async () => {
    expect(
      await refusal(setGlobalAddPrice(db, { shopId: '1001', markup: { addPriceBp: 1501 } })),
    ).toEqual({ code: 49712, message: '全局加价超出平台上限：按百分比最高15%' });
    expect(
      await refusal(setGlobalAddPrice(db, { shopId: '1001', markup: { addPriceCents: 2001 } })),
    ).toEqual({ code: 49712, message: '全局加价超出平台上限：按固定金额最高¥20.00' });
    expect(await shopMarkup('1001')).toEqual({ bp: 0, cents: 0 });
  });

  it('refuses a negative, non-integer or two-kind markup, and saves nothing', async () => {
    for (const [markup, message] of [
      [{ addPriceBp: -100 }, MarkupMessages.NEGATIVE],
      [{ addPriceBp: 12.5 }, MarkupMessages.NOT_INTEGER],
      [{ addPriceBp: 500, addPriceCents: 500 }, MarkupMessages.BOTH_KINDS],
    ] as const) {
      expect(await refusal(setGlobalAddPrice(db, { shopId: '1001', markup }))).toEqual({
        code: 49711,
        message,
      });
    }
    expect(await shopMarkup('1001')).toEqual({ bp: 0, cents: 0 });
  });

  it('saves a percentage or a fixed amount, one kind at a time', async () => {
    const shop = await givenShop(db);
    expect(
      await setGlobalAddPrice(db, { shopId: shop.shopId, markup: { addPriceCents: 300 } }),
    ).toMatchObject({ markup: { kind: 'fixed', addPriceCents: 300, label: '+¥3.00' } });
    expect(
      await setGlobalAddPrice(db, { shopId: shop.shopId, markup: { addPriceBp: 1000 } }),
    ).toMatchObject({ markup: { kind: 'percent', addPriceBp: 1000, addPriceCents: 0 } });
    expect(await shopMarkup(shop.shopId)).toEqual({ bp: 1000, cents: 0 });
  });
});

describe("setting a sale's markup", () => {
  it("refuses another shop's sale and an ended one, and saves nothing", async () => {
    const other = shop1002.sales.hemuRunning.activityNo;
    expect(
      await refusal(
        setActivityAddPrice(db, {
          shopId: '1001',
          activityNo: other,
          markup: { addPriceBp: 500 },
          now: SEED_NOW,
        }),
      ),
    ).toEqual({ code: 49713, message: '活动不存在或不属于本店' });
    expect(await refusal(readActivityAddPrice(db, '1001', other, SEED_NOW))).toMatchObject({
      code: 49713,
    });
    expect(await saleMarkup(other)).toEqual({ bp: 0, cents: 0 });
    const ended = shop1001.sales.senyeEnded.activityNo;
    expect(
      await refusal(
        setActivityAddPrice(db, {
          shopId: '1001',
          activityNo: ended,
          markup: { addPriceBp: 500 },
          now: SEED_NOW,
        }),
      ),
    ).toMatchObject({ code: 49714 });
    expect(await saleMarkup(ended)).toEqual({ bp: 0, cents: 0 });
  });

  it('holds a sale to its own categories: more than the global limit where they allow it', async () => {
    const saved = await setActivityAddPrice(db, {
      shopId: '1001',
      activityNo: SENYE.activityNo,
      markup: { addPriceBp: 2500 },
      now: SEED_NOW,
    });
    expect(saved).toMatchObject({
      activityNo: SENYE.activityNo,
      state: 'ongoing',
      markup: { kind: 'percent', addPriceBp: 2500, label: '+25%' },
      limit: DEFAULT_MARKUP_LIMIT,
    });
    expect((await readActivityAddPrice(db, '1001', SENYE.activityNo, SEED_NOW)).markup).toEqual(
      saved.markup,
    );
    expect(
      await refusal(
        setActivityAddPrice(db, {
          shopId: '1001',
          activityNo: XIAOMAN.activityNo,
          markup: { addPriceBp: 2500 },
          now: SEED_NOW,
        }),
      ),
    ).toEqual({ code: 49712, message: '活动加价超出平台上限：按百分比最高15%' });
    // Back to none for the tests below.
    await setActivityAddPrice(db, {
      shopId: '1001',
      activityNo: SENYE.activityNo,
      markup: { addPriceBp: 0 },
      now: SEED_NOW,
    });
  });
});

describe('the preview (queryFinalPriceByProductNos)', () => {
  const productNo = SENYE.products[0]!.productNo;

  it('is what the product page shows once the markup is saved, and saves nothing itself', async () => {
    const before = await getProductDetail(db, '1001', productNo, SEED_NOW);
    const [preview] = await previewFinalPrices(db, {
      shopId: '1001',
      productNos: [productNo],
      proposed: { addPriceBp: 1000 },
    });
    expect(preview).toMatchObject({ productNo, priceCents: before!.priceCents });
    expect(preview!.finalPriceCents).toBe(
      before!.priceCents + Math.floor((before!.priceCents * 1000 + 5000) / 10000),
    );
    expect(await shopMarkup('1001')).toEqual({ bp: 0, cents: 0 });

    await setGlobalAddPrice(db, { shopId: '1001', markup: { addPriceBp: 1000 } });
    try {
      const after = await getProductDetail(db, '1001', productNo, SEED_NOW);
      expect(after!.priceCents).toBe(preview!.finalPriceCents);
      expect(after!.marketPriceCents).toBe(preview!.finalMarketPriceCents);
      // With the markup saved, today's price is the previewed one.
      const [now] = await previewFinalPrices(db, { shopId: '1001', productNos: [productNo] });
      expect(now!.priceCents).toBe(preview!.finalPriceCents);
    } finally {
      await setGlobalAddPrice(db, { shopId: '1001', markup: { addPriceBp: 0 } });
    }
  });

  it("applies a sale's proposed markup to that sale's products only", async () => {
    const other = XIAOMAN.products[0]!.productNo;
    const prices = await previewFinalPrices(db, {
      shopId: '1001',
      productNos: [other, productNo, 'PNOSUCH', shop1002.sales.hemuRunning.products[0]!.productNo],
      proposed: { activityNo: SENYE.activityNo, addPriceCents: 500 },
    });
    expect(prices.map((p) => p.productNo)).toEqual([other, productNo]);
    expect(prices[0]!.finalPriceCents).toBe(prices[0]!.priceCents);
    expect(prices[1]!.finalPriceCents).toBe(prices[1]!.priceCents + 500);
  });

  it('refuses a proposal that could not be saved', async () => {
    expect(
      await refusal(
        previewFinalPrices(db, {
          shopId: '1001',
          productNos: [productNo],
          proposed: { addPriceBp: 5000 },
        }),
      ),
    ).toMatchObject({ code: 49712 });
    expect(
      await refusal(
        previewFinalPrices(db, {
          shopId: '1001',
          productNos: [productNo],
          proposed: { activityNo: shop1002.sales.hemuRunning.activityNo, addPriceBp: 100 },
        }),
      ),
    ).toMatchObject({ code: 49713 });
  });
});

describe('the page', () => {
  it('shows the global markup, a few products and the running then upcoming sales', async () => {
    const page = await readMarkupPage(db, '1001', SEED_NOW);
    expect(page.global.limit).toEqual(MARKUP_LIMITS.beauty);
    expect(page.sample.length).toBeGreaterThanOrEqual(3);
    expect(page.sample.every((p) => p.finalPriceCents === p.priceCents)).toBe(true);
    const states = page.sales.map((s) => s.state);
    expect(states).toContain('ongoing');
    expect(states).toContain('upcoming');
    expect(states.indexOf('upcoming')).toBeGreaterThan(states.lastIndexOf('ongoing'));
    expect(page.sales.find((s) => s.activityNo === XIAOMAN.activityNo)).toMatchObject({
      limit: MARKUP_LIMITS.beauty,
      sample: [{ activityNo: XIAOMAN.activityNo }, { activityNo: XIAOMAN.activityNo }],
    });
  });
});
