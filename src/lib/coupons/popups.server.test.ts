/**
 * Coupon popups on the embedded database with the real migrations: which popup a page offers a
 * shopper (active, in its window, the newest with a coupon still drawable for them), drawing its
 * coupons in one call (each on its own; nothing won answers the first refusal), and a coupon
 * only drawn where it is offered.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { couponPopupCoupons, couponPopups, coupons, userCoupons } from '#lib/platform/db/schema.ts';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import { givenMember, givenShop } from '#tests/fixtures/given.ts';
import { COUPONS } from '#demo/plan.ts';
import { drawCouponList, popupFor } from './popups.server.ts';
import { drawCoupon } from './draw.server.ts';
import { drawForBrand } from './center.server.ts';

const NOW = SEED_NOW;
const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

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
      couponNo: `CP${shopId}${String(serial).padStart(5, '0')}`,
      shopId,
      name: `满100减${serial}`,
      amountCents: 100 * serial,
      thresholdCents: 10_000,
      total: 100,
      claimFrom: at(-DAY),
      claimTo: at(DAY),
      validDays: 7,
      inCenter: false,
      ...values,
    })
    .returning({ id: coupons.id });
  return row!.id;
}

async function aPopup(
  shopId: string,
  couponIds: number[],
  values: Partial<typeof couponPopups.$inferInsert> = {},
) {
  const [row] = await db
    .insert(couponPopups)
    .values({
      shopId,
      pageCode: 'home_page',
      popType: 0,
      title: '见面礼',
      startsAt: at(-DAY),
      endsAt: at(DAY),
      ...values,
    })
    .returning({ id: couponPopups.id });
  await db
    .insert(couponPopupCoupons)
    .values(couponIds.map((couponId, sort) => ({ popupId: row!.id, couponId, sort })));
  return row!.id;
}

async function aShopper() {
  const shop = await givenShop(db);
  const shopper = await givenMember(db, shop.shopId);
  return { shopId: shop.shopId, userId: shopper.id };
}

describe('the popup a page offers', () => {
  it('lists the coupons the shopper may still draw, with their face, condition and validity', async () => {
    const { shopId, userId } = await aShopper();
    const fixed = await aCoupon(shopId, {
      validDays: null,
      validFrom: new Date('2026-11-20T00:00:00+08:00'),
      validTo: new Date('2026-11-30T00:00:00+08:00'),
    });
    const days = await aCoupon(shopId, { thresholdCents: 0, validDays: 3 });
    const popupId = await aPopup(shopId, [days, fixed], { popType: 1, title: '红包雨来啦' });

    const popup = await popupFor(db, { shopId, userId, pageCode: 'home_page', now: NOW });
    expect(popup).toMatchObject({ id: popupId, popType: 1, title: '红包雨来啦' });
    expect(popup!.spCouponActivities.map((c) => c.ticketId)).toEqual([days, fixed]);
    expect(popup!.spCouponActivities[1]).toMatchObject({
      ticketId: fixed,
      tag: expect.stringMatching(/^满100减/),
      time: '2026.11.20-2026.11.30',
      rangList: '全店通用',
    });
    expect(popup!.spCouponActivities[0]!.time).toBe('领取后3天内有效');
  });

  it('is nothing for a visitor who is not signed in, another page, or outside its window', async () => {
    const { shopId, userId } = await aShopper();
    await aPopup(shopId, [await aCoupon(shopId)], { startsAt: at(DAY), endsAt: at(2 * DAY) });
    await aPopup(shopId, [await aCoupon(shopId)], { pageCode: 'cart_page' });
    await aPopup(shopId, [await aCoupon(shopId)], { active: false });
    expect(
      await popupFor(db, { shopId, userId: null, pageCode: 'cart_page', now: NOW }),
    ).toBeNull();
    expect(await popupFor(db, { shopId, userId, pageCode: 'home_page', now: NOW })).toBeNull();
    expect(await popupFor(db, { shopId, userId, pageCode: 'cart_page', now: NOW })).not.toBeNull();
  });

  it('leaves out coupons drawn already or sold out, and skips a popup with none left', async () => {
    const { shopId, userId } = await aShopper();
    const soldOut = await aCoupon(shopId, { total: 1, issued: 1 });
    const mine = await aCoupon(shopId);
    const open = await aCoupon(shopId);
    const older = await aPopup(shopId, [open]);
    const newer = await aPopup(shopId, [soldOut, mine]);
    await drawCoupon(db, {
      shopId,
      userId,
      couponId: mine,
      source: 'popup',
      popupId: newer,
      now: NOW,
    });

    const popup = await popupFor(db, { shopId, userId, pageCode: 'home_page', now: NOW });
    expect(popup!.id).toBe(older);
    expect(popup!.spCouponActivities.map((c) => c.ticketId)).toEqual([open]);
  });
});

describe('drawing a popup’s coupons', () => {
  it('draws each listed coupon once and answers the coupons won, the refused ones with their reason', async () => {
    const { shopId, userId } = await aShopper();
    const a = await aCoupon(shopId);
    const b = await aCoupon(shopId);
    const gone = await aCoupon(shopId, { total: 1, issued: 1 });
    const popupId = await aPopup(shopId, [a, b, gone], { popType: 1 });

    const drawn = await drawCouponList(db, {
      shopId,
      userId,
      couponIds: [a, b, gone, a],
      popupId,
      now: NOW,
    });
    expect(drawn.won.map((c) => c.name)).toEqual([`满100减${serial - 2}`, `满100减${serial - 1}`]);
    expect(drawn.refused).toEqual([{ couponId: gone, message: '优惠券已抢光' }]);
    const held = await db.select().from(userCoupons).where(eq(userCoupons.userId, userId));
    expect(held.map((c) => [c.couponId, c.source])).toEqual([
      [a, 'popup'],
      [b, 'popup'],
    ]);
  });

  it('answers the first refusal when nothing was won', async () => {
    const { shopId, userId } = await aShopper();
    const a = await aCoupon(shopId);
    const popupId = await aPopup(shopId, [a]);
    await drawCouponList(db, { shopId, userId, couponIds: [a], popupId, now: NOW });
    await expect(
      drawCouponList(db, { shopId, userId, couponIds: [a], popupId, now: NOW }),
    ).rejects.toMatchObject({ code: 45004, message: '您已领取过该优惠券' });
  });

  it('refuses a coupon its popup does not offer, or a popup that ended, as if it did not exist', async () => {
    const { shopId, userId } = await aShopper();
    const offered = await aCoupon(shopId);
    const other = await aCoupon(shopId);
    const popupId = await aPopup(shopId, [offered]);
    const ended = await aPopup(shopId, [other], { endsAt: at(-1) });
    for (const [couponId, id] of [
      [other, popupId],
      [other, ended],
    ] as const) {
      await expect(
        drawCouponList(db, { shopId, userId, couponIds: [couponId], popupId: id, now: NOW }),
      ).rejects.toMatchObject({ code: 40415, message: '优惠券不存在' });
    }
  });

  it('draws from the centre only what the centre offers, so a share or after-payment coupon stays there', async () => {
    const { shopId, userId } = await aShopper();
    const shareOnly = await aCoupon(shopId, { inShare: true });
    const central = await aCoupon(shopId, { inCenter: true });
    await expect(
      drawCouponList(db, { shopId, userId, couponIds: [shareOnly], now: NOW }),
    ).rejects.toMatchObject({ code: 40415 });
    await expect(
      drawCoupon(db, { shopId, userId, couponId: shareOnly, source: 'pay', now: NOW }),
    ).rejects.toMatchObject({ code: 40415 });
    expect(
      (await drawCouponList(db, { shopId, userId, couponIds: [central], now: NOW })).won,
    ).toHaveLength(1);
    expect(
      await drawCoupon(db, { shopId, userId, couponId: shareOnly, source: 'share', now: NOW }),
    ).toBeGreaterThan(0);
  });
});

describe('the demo popups', () => {
  it('rain three coupons on a new shopper of 1001’s home, and the consumer meets the two not yet drawn', async () => {
    const newcomer = await givenMember(db, '1001');
    const popup = await popupFor(db, {
      shopId: '1001',
      userId: newcomer.id,
      pageCode: 'home_page',
      now: NOW,
    });
    expect(popup).toMatchObject({ popType: 1, title: '红包雨来啦' });
    const [shopWide] = await db
      .select({ id: coupons.id })
      .from(coupons)
      .where(eq(coupons.couponNo, COUPONS['1001'].shopWide));
    expect(popup!.spCouponActivities).toHaveLength(3);
    expect(popup!.spCouponActivities[0]!.ticketId).toBe(shopWide!.id);
  });
});

describe('drawing on a brand page', () => {
  it('draws a coupon of the centre for that brand or the whole shop, never another brand’s', async () => {
    const { shopId, userId } = await aShopper();
    const ours = await aCoupon(shopId, { inCenter: true, scope: 'brand', scopeRef: '77' });
    const shopWide = await aCoupon(shopId, { inCenter: true });
    const theirs = await aCoupon(shopId, { inCenter: true, scope: 'brand', scopeRef: '78' });
    expect(
      await drawForBrand(db, { shopId, userId, couponId: ours, brandId: 77, now: NOW }),
    ).toMatchObject({ couponId: ours, state: 'use', stateText: '去使用' });
    expect(
      (await drawForBrand(db, { shopId, userId, couponId: shopWide, brandId: 77, now: NOW })).state,
    ).toBe('use');
    await expect(
      drawForBrand(db, { shopId, userId, couponId: theirs, brandId: 77, now: NOW }),
    ).rejects.toMatchObject({ code: 40415 });
  });
});
