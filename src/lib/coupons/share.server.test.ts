/**
 * Coupons a shop keeper hands out, on the embedded database with the demo seed: the shareable
 * list holds only coupons in_share, active and in their claim window; the share card and link; a
 * share draw refuses a coupon not shared (and a pay draw one not after_pay); the receive page's
 * coupon with the caller's button; the sharer a link names is shown only when it is a shop keeper
 * of that shop.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { coupons, userCoupons } from '#lib/platform/db/schema.ts';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import { givenMember, givenShop, givenUser } from '#tests/fixtures/given.ts';
import { COUPONS } from '#demo/plan.ts';
import { CouponStatus } from './status.ts';
import {
  couponShareInfo,
  drawHandout,
  handoutCoupon,
  handoutCoupons,
  linkSharer,
  shareableCoupons,
} from './share.server.ts';

const NOW = SEED_NOW;
const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const ORIGIN = 'https://shop.example';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase();
  db = database.db;
});
afterAll(() => database.close());

let serial = 0;
async function aCoupon(shopId: string, values: Partial<typeof coupons.$inferInsert> = {}) {
  serial += 1;
  const [row] = await db
    .insert(coupons)
    .values({
      couponNo: `CS${shopId}${String(serial).padStart(5, '0')}`,
      shopId,
      name: `分享券${serial}`,
      amountCents: 1000,
      thresholdCents: 10_000,
      total: 100,
      claimFrom: at(-DAY),
      claimTo: at(DAY),
      validDays: 7,
      inShare: true,
      ...values,
    })
    .returning({ id: coupons.id });
  return row!.id;
}

const idOf = async (couponNo: string) =>
  (await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.couponNo, couponNo)))[0]!.id;

describe('the shareable coupons', () => {
  it('lists only coupons in_share, active and in their claim window, each with its card', async () => {
    const shop = await givenShop(db);
    const shared = await aCoupon(shop.shopId, { amountCents: 2000, thresholdCents: 19_900 });
    await aCoupon(shop.shopId, { inShare: false });
    await aCoupon(shop.shopId, { status: CouponStatus.Stopped });
    await aCoupon(shop.shopId, { claimFrom: at(DAY), claimTo: at(2 * DAY) });
    await aCoupon(shop.shopId, { claimFrom: at(-2 * DAY), claimTo: at(-DAY) });
    await aCoupon('1001', {});

    const list = await shareableCoupons(db, {
      shopId: shop.shopId,
      distributorId: shop.ownerId,
      origin: ORIGIN,
      now: NOW,
    });
    expect(list.map((c) => c.couponId)).toEqual([shared]);
    expect(list[0]).toMatchObject({
      face: '¥20.00',
      condition: '满199减20',
      validity: '领取后7天内有效',
      state: 'draw',
      share: {
        couponId: shared,
        title: '送你一张¥20.00优惠券',
        desc: '满199减20，领取后7天内有效',
      },
    });
    const link = new URL(list[0]!.share.link);
    expect(link.origin).toBe(ORIGIN);
    expect(link.pathname).toBe('/receive-coupon');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      couponId: String(shared),
      distributorId: String(shop.ownerId),
      shopId: shop.shopId,
    });
  });

  it('the demo shop 1001 shares its 店铺通用券; a card for a coupon not shared is refused', async () => {
    const shopWide = await idOf(COUPONS['1001'].shopWide);
    const list = await shareableCoupons(db, {
      shopId: '1001',
      distributorId: 1,
      origin: ORIGIN,
      now: NOW,
    });
    expect(list.map((c) => c.name)).toContain('店铺通用券');
    const card = await couponShareInfo(db, {
      shopId: '1001',
      couponId: shopWide,
      distributorId: null,
      origin: ORIGIN,
      now: NOW,
    });
    expect(new URL(card.link).searchParams.has('distributorId')).toBe(false);
    await expect(
      couponShareInfo(db, {
        shopId: '1001',
        couponId: await idOf(COUPONS['1001'].newcomer),
        distributorId: null,
        origin: ORIGIN,
        now: NOW,
      }),
    ).rejects.toMatchObject({ code: 40415 });
    // Another shop's coupon is not this shop's.
    await expect(
      couponShareInfo(db, {
        shopId: '1002',
        couponId: shopWide,
        distributorId: null,
        origin: ORIGIN,
        now: NOW,
      }),
    ).rejects.toMatchObject({ code: 40415 });
  });
});

describe('receiving a handed-out coupon', () => {
  it('shows the coupon with the caller’s button, draws it from the share, then 去使用', async () => {
    const shop = await givenShop(db);
    const couponId = await aCoupon(shop.shopId, { validDays: 5, perUserLimit: 1 });
    const shopper = await givenUser(db);

    const seen = await handoutCoupon(db, {
      shopId: shop.shopId,
      scene: 'share',
      couponId,
      userId: shopper.id,
      now: NOW,
    });
    expect(seen).toMatchObject({
      couponId,
      face: '¥10.00',
      condition: '满100减10',
      scopeText: '全店通用',
      validity: '领取后5天内有效',
      left: 100,
      state: 'draw',
      stateText: '立即领取',
    });

    const drawn = await drawHandout(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      couponId,
      scene: 'share',
      now: NOW,
    });
    expect(drawn).toMatchObject({ state: 'use', stateText: '去使用', left: 99 });
    const [held] = await db.select().from(userCoupons).where(eq(userCoupons.couponId, couponId));
    expect(held).toMatchObject({ userId: shopper.id, source: 'share' });
    await expect(
      drawHandout(db, {
        shopId: shop.shopId,
        userId: shopper.id,
        couponId,
        scene: 'share',
        now: NOW,
      }),
    ).rejects.toMatchObject({ code: 45004 });
  });

  it('a share draw refuses a coupon not shared, and a pay draw one not given after payment', async () => {
    const shop = await givenShop(db);
    const notShared = await aCoupon(shop.shopId, { inShare: false });
    const shared = await aCoupon(shop.shopId);
    const shopper = await givenUser(db);
    for (const [couponId, scene] of [
      [notShared, 'share'],
      [shared, 'pay'],
    ] as const) {
      await expect(
        drawHandout(db, { shopId: shop.shopId, userId: shopper.id, couponId, scene, now: NOW }),
      ).rejects.toMatchObject({ code: 40415 });
      expect(
        await handoutCoupon(db, {
          shopId: shop.shopId,
          scene,
          couponId,
          userId: shopper.id,
          now: NOW,
        }),
      ).toBeNull();
    }
    const held = await db.select().from(userCoupons).where(eq(userCoupons.userId, shopper.id));
    expect(held).toHaveLength(0);
  });

  it('the success page’s coupons are the after_pay ones: shop 1001’s 全店88折券', async () => {
    const shopper = await givenUser(db);
    const list = await handoutCoupons(db, {
      shopId: '1001',
      scene: 'pay',
      userId: shopper.id,
      now: NOW,
    });
    expect(list.map((c) => c.name)).toEqual(['全店88折券']);
    const drawn = await drawHandout(db, {
      shopId: '1001',
      userId: shopper.id,
      couponId: list[0]!.couponId,
      scene: 'pay',
      now: NOW,
    });
    expect(drawn.state).toBe('use');
  });

  it('a sold-out shared coupon reads 已抢光', async () => {
    const shop = await givenShop(db);
    const couponId = await aCoupon(shop.shopId, { total: 1, issued: 1 });
    const seen = await handoutCoupon(db, {
      shopId: shop.shopId,
      scene: 'share',
      couponId,
      userId: (await givenUser(db)).id,
      now: NOW,
    });
    expect(seen).toMatchObject({ state: 'soldOut', stateText: '已抢光', left: 0 });
  });
});

describe('the sharer a link names', () => {
  it('is shown only when a shop keeper (role 3, not disabled) of that shop', async () => {
    const shop = await givenShop(db);
    const other = await givenShop(db);
    const disabled = await givenMember(db, shop.shopId, { role: 3, distributorDisable: true });
    const manager = await givenMember(db, shop.shopId, { role: 4 });
    const consumer = await givenMember(db, shop.shopId, { role: 1 });
    const sharer = (distributorId: number | null) =>
      linkSharer(db, { shopId: shop.shopId, distributorId });

    expect(await sharer(shop.ownerId)).toEqual({ nickname: '店主' });
    expect(await sharer(other.ownerId)).toBeNull();
    expect(await sharer(disabled.id)).toBeNull();
    expect(await sharer(manager.id)).toBeNull();
    expect(await sharer(consumer.id)).toBeNull();
    expect(await sharer(987_654_321)).toBeNull();
    expect(await sharer(null)).toBeNull();
  });
});
