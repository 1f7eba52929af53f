/**
 * The demo coupons of both shops, in the coupon centre's categories (店铺券, 品牌券): amount-off
 * and discount coupons, shop-wide, brand and sale scopes, one sold out, popup and share ones;
 * the popups: 1001's home rains red envelopes, its business venue lists two, 1002's home and
 * cart list coupons;
 * the consumer already holds shop 1001's shop-wide one, drawn as any shopper draws it.
 */
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { BRANDS } from './catalog-data.ts';
import type { CatalogRefs } from './catalog.ts';
import type { DemoRole } from './identity.ts';
import { COUPONS, DEMO_PLAN, VENUES } from './plan.ts';
import { drawInTx } from '#lib/coupons/index.server.ts';

const DAY = 86_400_000;

export async function seedCoupons(
  tx: Tx,
  now: Date,
  userId: Record<DemoRole, number>,
  c: CatalogRefs,
): Promise<void> {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const yuedongRunning = DEMO_PLAN.brandSales.find(
    (s) => s.shopId === '1001' && s.handle === 'yuedongRunning',
  )!;
  const categories = await tx
    .insert(t.couponCategories)
    .values([
      { shopId: '1001', name: '店铺券', sort: 1 },
      { shopId: '1001', name: '品牌券', sort: 2 },
      { shopId: '1002', name: '店铺券', sort: 1 },
    ])
    .returning({ id: t.couponCategories.id });
  const [shop1001, brand1001, shop1002] = categories.map((row) => row.id);
  const couponRows = await tx
    .insert(t.coupons)
    .values([
      {
        couponNo: COUPONS['1001'].shopWide,
        shopId: '1001',
        name: '店铺通用券',
        description: '全店商品可用',
        amountCents: 2000,
        thresholdCents: 19900,
        total: 1000,
        perUserLimit: 1,
        claimFrom: at(-7 * DAY),
        claimTo: at(30 * DAY),
        validDays: 7,
        inShare: true,
        categoryId: shop1001,
      },
      {
        couponNo: COUPONS['1001'].newcomer,
        shopId: '1001',
        name: '新人专享券',
        description: '新人首单可用',
        amountCents: 1500,
        thresholdCents: 0,
        total: 5000,
        perUserLimit: 1,
        claimFrom: at(-7 * DAY),
        claimTo: at(30 * DAY),
        validDays: 3,
        categoryId: shop1001,
      },
      {
        couponNo: COUPONS['1001'].discount,
        shopId: '1001',
        name: '全店88折券',
        description: '全店满 100 可用，最高减 30 元',
        kind: 'discount',
        amountCents: 0,
        discountRate: 88,
        maxDiscountCents: 3000,
        thresholdCents: 10000,
        total: 2000,
        perUserLimit: 1,
        claimFrom: at(-2 * DAY),
        claimTo: at(20 * DAY),
        validDays: 7,
        afterPay: true,
        categoryId: shop1001,
      },
      {
        couponNo: COUPONS['1001'].senyeBrand,
        shopId: '1001',
        name: '森野品牌券',
        description: '森野 SENYE 品牌商品可用',
        amountCents: 5000,
        thresholdCents: 39900,
        scope: 'brand',
        scopeRef: String(c.brandIdOf(BRANDS[0]!)),
        total: 300,
        perUserLimit: 2,
        claimFrom: at(-2 * DAY),
        claimTo: at(5 * DAY),
        validFrom: at(-2 * DAY),
        validTo: at(6 * DAY),
        categoryId: brand1001,
      },
      {
        couponNo: COUPONS['1001'].runningShoesSale,
        shopId: '1001',
        name: '跑鞋专场券',
        description: '跃动 LEAP 特卖专场可用',
        amountCents: 3000,
        thresholdCents: 29900,
        scope: 'activity',
        scopeRef: yuedongRunning.activityNo,
        total: 200,
        perUserLimit: 1,
        claimFrom: at(-1 * DAY),
        claimTo: at(4 * DAY),
        validDays: 5,
        categoryId: brand1001,
      },
      {
        couponNo: COUPONS['1001'].limitedLarge,
        shopId: '1001',
        name: '限量大额券',
        description: '全店满 999 可用',
        amountCents: 20000,
        thresholdCents: 99900,
        total: 10,
        issued: 10,
        perUserLimit: 1,
        claimFrom: at(-3 * DAY),
        claimTo: at(3 * DAY),
        validDays: 3,
        categoryId: shop1001,
      },
      {
        couponNo: COUPONS['1002'].shopWide,
        shopId: '1002',
        name: '店铺通用券',
        description: '全店商品可用',
        amountCents: 1000,
        thresholdCents: 9900,
        total: 1000,
        perUserLimit: 1,
        claimFrom: at(-7 * DAY),
        claimTo: at(30 * DAY),
        validDays: 7,
        categoryId: shop1002,
      },
      {
        couponNo: COUPONS['1002'].newcomer,
        shopId: '1002',
        name: '新人专享券',
        description: '新人首单可用',
        amountCents: 1000,
        thresholdCents: 0,
        total: 1000,
        perUserLimit: 1,
        claimFrom: at(-7 * DAY),
        claimTo: at(30 * DAY),
        validDays: 3,
        categoryId: shop1002,
      },
      {
        couponNo: COUPONS['1001'].rain,
        shopId: '1001',
        name: '红包雨专享券',
        description: '全店满 99 可用',
        amountCents: 1000,
        thresholdCents: 9900,
        total: 3000,
        perUserLimit: 1,
        claimFrom: at(-7 * DAY),
        claimTo: at(30 * DAY),
        validDays: 7,
        inCenter: false,
      },
      {
        couponNo: COUPONS['1002'].cartPopup,
        shopId: '1002',
        name: '购物车专享券',
        description: '全店满 59 可用',
        amountCents: 500,
        thresholdCents: 5900,
        total: 1000,
        perUserLimit: 1,
        claimFrom: at(-7 * DAY),
        claimTo: at(30 * DAY),
        validDays: 3,
        inCenter: false,
      },
    ])
    .returning({ id: t.coupons.id, couponNo: t.coupons.couponNo });
  const shopCoupon = couponRows.find((row) => row.couponNo === COUPONS['1001'].shopWide)!;
  const idOf = (couponNo: string) => couponRows.find((row) => row.couponNo === couponNo)!.id;
  // Home of 1001 rains red envelopes (three coupons: the larger layout); home of 1002 lists its
  // coupons, and its cart offers one more.
  const popups = await tx
    .insert(t.couponPopups)
    .values([
      {
        shopId: '1001',
        pageCode: 'home_page',
        popType: 1,
        title: '红包雨来啦',
        popDesc: '新人红包限时领取',
        brandName: '小鹿优选',
        intervalMinutes: 24 * 60,
        startsAt: at(-7 * DAY),
        endsAt: at(30 * DAY),
      },
      {
        shopId: '1002',
        pageCode: 'home_page',
        popType: 0,
        title: '送你一份见面礼',
        popDesc: '领取后下单立减',
        brandName: '橙子好物',
        intervalMinutes: 24 * 60,
        startsAt: at(-7 * DAY),
        endsAt: at(30 * DAY),
      },
      {
        shopId: '1002',
        pageCode: 'cart_page',
        popType: 0,
        title: '购物车专享券',
        popDesc: '结算立减',
        brandName: '橙子好物',
        intervalMinutes: 60,
        startsAt: at(-7 * DAY),
        endsAt: at(30 * DAY),
      },
      {
        shopId: '1001',
        pageCode: 'venue_page',
        venueRef: VENUES.winterGala.venueNo,
        popType: 0,
        title: '会场专享券',
        popDesc: '逛会场，领券再买更划算',
        brandName: '小鹿优选',
        intervalMinutes: 24 * 60,
        startsAt: at(-7 * DAY),
        endsAt: at(30 * DAY),
      },
    ])
    .returning({ id: t.couponPopups.id });
  const [rain1001, home1002, cart1002, venue1001] = popups.map((row) => row.id);
  await tx.insert(t.couponPopupCoupons).values([
    { popupId: rain1001!, couponId: idOf(COUPONS['1001'].shopWide), sort: 1 },
    { popupId: rain1001!, couponId: idOf(COUPONS['1001'].newcomer), sort: 2 },
    { popupId: rain1001!, couponId: idOf(COUPONS['1001'].rain), sort: 3 },
    { popupId: home1002!, couponId: idOf(COUPONS['1002'].shopWide), sort: 1 },
    { popupId: home1002!, couponId: idOf(COUPONS['1002'].newcomer), sort: 2 },
    { popupId: cart1002!, couponId: idOf(COUPONS['1002'].cartPopup), sort: 1 },
    { popupId: venue1001!, couponId: idOf(COUPONS['1001'].runningShoesSale), sort: 1 },
    { popupId: venue1001!, couponId: idOf(COUPONS['1001'].senyeBrand), sort: 2 },
  ]);
  await drawInTx(tx, {
    shopId: '1001',
    userId: userId.consumer,
    couponId: shopCoupon.id,
    source: 'center',
    now: at(-1 * DAY),
  });
}
