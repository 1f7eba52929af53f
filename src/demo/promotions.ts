/**
 * Shop 1001's venues (existing sales grouped into them), a fresh-food presale of a new brand, an
 * N件X折 sale and today's flash-sale sessions. The new sales are not brand sales (`kind`), so
 * the brand-sale lists hold only the brand sales. Draws from a random stream of its own.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '#lib/platform/time.ts';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import type { CatalogRefs } from './catalog.ts';
import { insertProduct } from './catalog.ts';
import { bannerSvg, logoSvg } from './images.ts';
import { insertSvg, insertSvgs } from './media.ts';
import { DEMO_PLAN, FRESH, VENUES } from './plan.ts';
import { streamFor } from './random.ts';
import { SHOP_RED } from './shop.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Fresh goods come by weight, not by the volume tiers their SKUs are drawn with. */
const FRESH_SIZES: Record<string, string> = {
  '30ml': '尝鲜装',
  '50ml': '标准装',
  '100ml': '家庭装',
};

type VenueKey = keyof typeof VENUES;

const VENUE_DEFS: { key: VenueKey; name: string; sub: string; ended?: boolean }[] = [
  { key: 'winterGala', name: '冬季品牌盛典', sub: '大牌服饰 · 会场专享低价' },
  { key: 'elevenEncore', name: '双十一返场', sub: '返场特惠', ended: true },
  { key: 'supermarket', name: '品质生活超市', sub: '家居日用 · 囤货好时机' },
  { key: 'globalBuying', name: '全球购', sub: '海外正品 · 保税直发' },
  { key: 'eastGate', name: '东门会场', sub: '童装皮具 · 每日上新' },
  { key: 'freshPresale', name: '生鲜预售', sub: '产地直采 · 预售锁鲜' },
  { key: 'factoryPresale', name: '工厂直供预售', sub: '源头工厂 · 按单生产' },
];

/** Which of shop 1001's brand sales (by handle) each venue groups. */
export const VENUE_SALES: Partial<Record<VenueKey, string[]>> = {
  winterGala: ['senyeRunning', 'bailuRunning', 'bailuUpcoming'],
  elevenEncore: ['senyeEnded', 'jijianEnded'],
  supermarket: ['hemuRunning', 'jijianRunning', 'hemuEnded'],
  globalBuying: ['xiaomanRunning', 'xiaomanUpcoming'],
  eastGate: ['liziRunning', 'shiguangRunning'],
  factoryPresale: ['yuedongRunning', 'yuedongUpcoming'],
};

const sessionClock = new Intl.DateTimeFormat('zh-CN', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: SHOP_TIME_ZONE,
});

export async function seedPromotions(tx: Tx, now: Date, c: CatalogRefs): Promise<void> {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const rand = streamFor('promotions');

  const venueBanners = await insertSvgs(
    tx,
    VENUE_DEFS.map((v) => ({ svg: bannerSvg(v.name, v.sub, SHOP_RED), w: 750, h: 320 })),
  );
  const venueRows = await tx
    .insert(t.venues)
    .values(
      VENUE_DEFS.map((v, i) => ({
        shopId: '1001',
        venueNo: VENUES[v.key].venueNo,
        kind: VENUES[v.key].kind,
        name: v.name,
        bannerUrl: venueBanners[i]!,
        startAt: v.ended ? at(-20 * DAY) : at(-3 * DAY),
        endAt: v.ended ? at(-2 * DAY) : at(45 * DAY),
      })),
    )
    .returning({ id: t.venues.id, venueNo: t.venues.venueNo });
  const venueId = (key: VenueKey) => venueRows.find((v) => v.venueNo === VENUES[key].venueNo)!.id;
  const activityNoOf = (handle: string) =>
    DEMO_PLAN.brandSales.find((s) => s.shopId === '1001' && s.handle === handle)!.activityNo;
  for (const [key, handles] of Object.entries(VENUE_SALES)) {
    await tx
      .update(t.activities)
      .set({ venueId: venueId(key as VenueKey) })
      .where(inArray(t.activities.activityNo, handles.map(activityNoOf)));
  }

  // A running presale of fresh food from a new brand, in the fresh presale venue.
  const fresh = DEMO_PLAN.freshPresale;
  const freshLogo = await insertSvg(tx, logoSvg(FRESH.mark, FRESH.palette), 200, 200);
  const [freshBrand] = await tx
    .insert(t.brands)
    .values({ name: FRESH.name, logoUrl: freshLogo, story: FRESH.story })
    .returning({ id: t.brands.id });
  const [freshSale] = await tx
    .insert(t.activities)
    .values({
      activityNo: fresh.activityNo,
      shopId: '1001',
      brandId: freshBrand!.id,
      tagId: c.tagFor('1001', FRESH),
      venueId: venueId('freshPresale'),
      kind: 'presale',
      commissionRateBp: 800,
      title: `${FRESH.name} 产地预售`,
      subtitle: '预售锁鲜，付款后 7 天内冷链发货',
      bannerUrl: await insertSvg(
        tx,
        bannerSvg(FRESH.name, '产地预售 · 低至6折', FRESH.palette),
        750,
        320,
      ),
      startAt: at(-1 * DAY),
      endAt: at(6 * DAY),
      sort: 100,
    })
    .returning({ id: t.activities.id });
  for (const product of fresh.products) {
    const productId = await insertProduct(tx, {
      shopId: '1001',
      activityId: freshSale!.id,
      brandId: freshBrand!.id,
      categoryId: c.categoryId(FRESH.category),
      product,
      discount: 0.6,
      rand,
    });
    for (const [volume, size] of Object.entries(FRESH_SIZES)) {
      await tx
        .update(t.skus)
        .set({ size })
        .where(and(eq(t.skus.size, volume), eq(t.skus.productId, productId)));
    }
  }

  // N件X折: any 3 pieces of the household sale at 70%, in the supermarket venue.
  const npiece = DEMO_PLAN.npieceSale;
  const hemu = npiece.brand;
  const [npieceSale] = await tx
    .insert(t.activities)
    .values({
      activityNo: npiece.activityNo,
      shopId: '1001',
      brandId: c.brandIdOf(hemu),
      tagId: c.tagFor('1001', hemu),
      venueId: venueId('supermarket'),
      kind: 'npiece',
      commissionRateBp: 800,
      rule: { pieces: 3, discountTenths: 7 },
      title: '家居日用 3件7折',
      subtitle: '毛巾、收纳、香薰任选 3 件，结算享 7 折',
      bannerUrl: await insertSvg(
        tx,
        bannerSvg('家居日用', '任选3件 · 享7折', hemu.palette),
        750,
        320,
      ),
      startAt: at(-2 * DAY),
      endAt: at(12 * DAY),
      sort: 101,
    })
    .returning({ id: t.activities.id });
  for (const product of npiece.products) {
    await insertProduct(tx, {
      shopId: '1001',
      activityId: npieceSale!.id,
      brandId: c.brandIdOf(hemu),
      categoryId: c.categoryId(hemu.category),
      product,
      discount: 0.8,
      rand,
    });
  }

  // Today's flash-sale sessions on the hour: two ended, the current hour's running, one tonight.
  const hour = Math.floor(now.getTime() / HOUR) * HOUR;
  for (const [i, plan] of DEMO_PLAN.seckillSessions.entries()) {
    const startAt = new Date(hour + plan.fromHour * HOUR);
    const endAt = new Date(startAt.getTime() + plan.hours * HOUR);
    const clock = sessionClock.format(startAt);
    const discount = 0.18 + rand() * 0.1;
    const tenths = Math.round(discount * 10);
    const [session] = await tx
      .insert(t.activities)
      .values({
        activityNo: plan.activityNo,
        shopId: '1001',
        brandId: c.brandIdOf(plan.brand),
        kind: 'seckill',
        commissionRateBp: 800,
        title: `限时秒杀 ${clock}场`,
        subtitle: `整点开抢，限量${plan.products.length}款，低至${tenths}折`,
        bannerUrl: await insertSvg(
          tx,
          bannerSvg('限时秒杀', `${clock}场 · 低至${tenths}折`, SHOP_RED),
          750,
          320,
        ),
        startAt,
        endAt,
        sort: 200 + i,
      })
      .returning({ id: t.activities.id });
    for (const [n, product] of plan.products.entries()) {
      const productId = await insertProduct(tx, {
        shopId: '1001',
        activityId: session!.id,
        brandId: c.brandIdOf(product.brand),
        categoryId: c.categoryId(product.brand.category),
        product,
        discount,
        rand,
      });
      // An ended session's first piece was snapped up.
      if (endAt <= now && n === 0) {
        await tx.update(t.skus).set({ stock: 0 }).where(eq(t.skus.productId, productId));
      }
    }
  }
}
