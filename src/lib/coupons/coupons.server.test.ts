/**
 * Coupons on the embedded database with the real migrations and the demo seed: drawing (rules
 * and validity copied, issued and the user's claim count each counted once, every refusal
 * leaving both as they were), the best coupon at checkout shared over the lines it applies to,
 * using it once when the order is placed, and giving it back when the checkout's orders are all
 * cancelled (expired at once when its validity ended meanwhile).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  cartItems,
  coupons,
  couponUserClaims,
  orderGroups,
  orderLines,
  orders,
  shops,
  skus,
  userCoupons,
  users,
} from '#lib/platform/db/schema.ts';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenAddress,
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
} from '#tests/fixtures/given.ts';
import {
  placeOrder,
  previewCheckout,
  type PlaceOrderInput,
} from '#lib/orders/place-order.server.ts';
import { cancelOrder } from '#lib/orders/commands.server.ts';
import { OrderStatus } from '#lib/orders/status.ts';
import { COUPONS } from '#demo/plan.ts';
import { drawCoupon } from './draw.server.ts';
import { CouponStatus, UserCouponStatus } from './status.ts';

const NOW = SEED_NOW;
const MINUTE = 60_000;
const HOUR = 3_600_000;
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
const next = () => (serial += 1);
const newKey = () => `coupon-key-${next()}`;

/** A coupon template of the shop: 满100减10, 100 of them, claimable a day either side of NOW. */
async function aCoupon(shopId: string, values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await db
    .insert(coupons)
    .values({
      couponNo: `CT${shopId}${String(next()).padStart(5, '0')}`,
      shopId,
      name: '满100减10',
      amountCents: 1000,
      thresholdCents: 10_000,
      total: 100,
      claimFrom: at(-DAY),
      claimTo: at(DAY),
      validDays: 7,
      ...values,
    })
    .returning({ id: coupons.id });
  return row!.id;
}

const issuedOf = async (couponId: number) =>
  (await db.select({ issued: coupons.issued }).from(coupons).where(eq(coupons.id, couponId)))[0]!
    .issued;
const claimsOf = (couponId: number) =>
  db
    .select({ userId: couponUserClaims.userId, claimed: couponUserClaims.claimed })
    .from(couponUserClaims)
    .where(eq(couponUserClaims.couponId, couponId))
    .orderBy(asc(couponUserClaims.userId));
const heldOf = (couponId: number) =>
  db.select().from(userCoupons).where(eq(userCoupons.couponId, couponId)).orderBy(userCoupons.id);
const userCoupon = async (id: number) =>
  (await db.select().from(userCoupons).where(eq(userCoupons.id, id)))[0]!;
const stockOf = async (skuNo: string) =>
  (await db.select({ stock: skus.stock }).from(skus).where(eq(skus.skuNo, skuNo)))[0]!.stock;

describe('the demo seed', () => {
  it('the demo consumer holds shop 1001’s 店铺通用券 (¥20 off ¥199), drawn as any shopper draws it', async () => {
    const [consumer] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, '13800000001'));
    const [template] = await db
      .select()
      .from(coupons)
      .where(eq(coupons.couponNo, COUPONS['1001'].shopWide));
    expect(template).toMatchObject({ shopId: '1001', issued: 1, perUserLimit: 1 });
    const held = await heldOf(template!.id);
    expect(held).toHaveLength(1);
    const claimedAt = new Date(NOW.getTime() - DAY);
    expect(held[0]).toMatchObject({
      userId: consumer!.id,
      shopId: '1001',
      status: UserCouponStatus.Unused,
      source: 'center',
      rules: {
        name: '店铺通用券',
        description: '全店商品可用',
        kind: 'reduce',
        amountCents: 2000,
        thresholdCents: 19_900,
        discountRate: null,
        maxDiscountCents: null,
        scope: 'shop',
        scopeRef: null,
      },
      validFrom: claimedAt,
      validTo: new Date(claimedAt.getTime() + 7 * DAY),
      claimedAt,
      usedGroupId: null,
      usedAt: null,
    });
    expect(await claimsOf(template!.id)).toEqual([{ userId: consumer!.id, claimed: 1 }]);
  });
});

describe('drawCoupon', () => {
  it('copies the rules and gives validDays from the claim; issued and the claim count +1', async () => {
    const shop = await givenShop(db);
    const shopper = await givenMember(db, shop.shopId);
    const couponId = await aCoupon(shop.shopId, {
      name: '品牌券',
      description: '指定品牌可用',
      amountCents: 3000,
      thresholdCents: 15_000,
      scope: 'brand',
      scopeRef: '77',
      validDays: 3,
      claimFrom: NOW, // the window opens at NOW: drawable at NOW
    });
    const id = await drawCoupon(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      couponId,
      source: 'gift',
      now: NOW,
    });
    expect(await userCoupon(id)).toMatchObject({
      couponId,
      userId: shopper.id,
      shopId: shop.shopId,
      status: UserCouponStatus.Unused,
      source: 'gift',
      rules: {
        name: '品牌券',
        description: '指定品牌可用',
        kind: 'reduce',
        amountCents: 3000,
        thresholdCents: 15_000,
        discountRate: null,
        maxDiscountCents: null,
        scope: 'brand',
        scopeRef: '77',
      },
      validFrom: NOW,
      validTo: at(3 * DAY),
      claimedAt: NOW,
      usedGroupId: null,
      usedAt: null,
    });
    expect(await issuedOf(couponId)).toBe(1);
    expect(await claimsOf(couponId)).toEqual([{ userId: shopper.id, claimed: 1 }]);
  });

  it('copies a discount coupon’s rules and its fixed validity window', async () => {
    const shop = await givenShop(db);
    const shopper = await givenMember(db, shop.shopId);
    const validFrom = at(2 * DAY);
    const validTo = at(9 * DAY);
    const couponId = await aCoupon(shop.shopId, {
      name: '全店85折券',
      kind: 'discount',
      amountCents: 0,
      discountRate: 85,
      maxDiscountCents: 5000,
      thresholdCents: 39_900,
      validDays: null,
      validFrom,
      validTo,
    });
    const id = await drawCoupon(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      couponId,
      source: 'center',
      now: NOW,
    });
    expect(await userCoupon(id)).toMatchObject({
      rules: {
        name: '全店85折券',
        description: '',
        kind: 'discount',
        amountCents: 0,
        thresholdCents: 39_900,
        discountRate: 85,
        maxDiscountCents: 5000,
        scope: 'shop',
        scopeRef: null,
      },
      validFrom,
      validTo,
      claimedAt: NOW,
    });
  });

  it('a claimed coupon keeps its rules when the template changes', async () => {
    const shop = await givenShop(db);
    const shopper = await givenMember(db, shop.shopId);
    const couponId = await aCoupon(shop.shopId);
    const id = await drawCoupon(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      couponId,
      source: 'center',
      now: NOW,
    });
    await db
      .update(coupons)
      .set({ amountCents: 5000, thresholdCents: 0, name: '改了' })
      .where(eq(coupons.id, couponId));
    expect((await userCoupon(id)).rules).toMatchObject({
      name: '满100减10',
      amountCents: 1000,
      thresholdCents: 10_000,
    });
  });

  it('counts up to the per-user limit, one claim row per user', async () => {
    const shop = await givenShop(db);
    const [a, b] = [await givenMember(db, shop.shopId), await givenMember(db, shop.shopId)];
    const couponId = await aCoupon(shop.shopId, { perUserLimit: 2 });
    const draw = (userId: number) =>
      drawCoupon(db, { shopId: shop.shopId, userId, couponId, source: 'center', now: NOW });
    await draw(a.id);
    await draw(a.id);
    await draw(b.id);
    await expect(draw(a.id)).rejects.toMatchObject({ code: 45004, message: '您已领取过该优惠券' });
    expect(await issuedOf(couponId)).toBe(3);
    expect(await claimsOf(couponId)).toEqual([
      { userId: a.id, claimed: 2 },
      { userId: b.id, claimed: 1 },
    ]);
    expect(await heldOf(couponId)).toHaveLength(3);
  });

  describe('refusals leave issued, the claim counts and the held coupons as they were', () => {
    /** A shopper who already holds one of a per-user-2 coupon, and the coupon as `values` make it. */
    async function refusedDraw(
      values: Partial<typeof coupons.$inferInsert>,
      options: { shopId?: (own: string) => Promise<string>; couponId?: number } = {},
    ) {
      const shop = await givenShop(db);
      const shopper = await givenMember(db, shop.shopId);
      const couponId = await aCoupon(shop.shopId, { perUserLimit: 2 });
      // One claim while the coupon was drawable, then it becomes what the test needs.
      await drawCoupon(db, {
        shopId: shop.shopId,
        userId: shopper.id,
        couponId,
        source: 'center',
        now: NOW,
      });
      if (Object.keys(values).length > 0) {
        await db.update(coupons).set(values).where(eq(coupons.id, couponId));
      }
      const before = {
        issued: await issuedOf(couponId),
        claims: await claimsOf(couponId),
        held: (await heldOf(couponId)).length,
      };
      const shopId = options.shopId ? await options.shopId(shop.shopId) : shop.shopId;
      const error = await drawCoupon(db, {
        shopId,
        userId: shopper.id,
        couponId: options.couponId ?? couponId,
        source: 'center',
        now: NOW,
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect({
        issued: await issuedOf(couponId),
        claims: await claimsOf(couponId),
        held: (await heldOf(couponId)).length,
      }).toEqual(before);
      expect(before.claims).toEqual([{ userId: shopper.id, claimed: 1 }]);
      return error;
    }

    it('a coupon that does not exist: 40415 优惠券不存在', async () => {
      expect(await refusedDraw({}, { couponId: 987_654_321 })).toMatchObject({
        code: 40415,
        message: '优惠券不存在',
      });
    });

    it('another shop’s coupon: 40415 优惠券不存在', async () => {
      const other = async () => (await givenShop(db)).shopId;
      expect(await refusedDraw({}, { shopId: other })).toMatchObject({
        code: 40415,
        message: '优惠券不存在',
      });
    });

    it('a stopped coupon: 45005 优惠券已停止发放', async () => {
      expect(await refusedDraw({ status: CouponStatus.Stopped })).toMatchObject({
        code: 45005,
        message: '优惠券已停止发放',
      });
    });

    it('before its claim window: 45001 优惠券领取尚未开始', async () => {
      expect(await refusedDraw({ claimFrom: at(1) })).toMatchObject({
        code: 45001,
        message: '优惠券领取尚未开始',
      });
    });

    it('at or after the end of its claim window: 45002 优惠券领取已结束', async () => {
      expect(await refusedDraw({ claimTo: NOW })).toMatchObject({
        code: 45002,
        message: '优惠券领取已结束',
      });
      expect(await refusedDraw({ claimFrom: at(-2 * DAY), claimTo: at(-DAY) })).toMatchObject({
        code: 45002,
      });
    });

    it('sold out: 45003 优惠券已抢光', async () => {
      expect(await refusedDraw({ total: 1 })).toMatchObject({
        code: 45003,
        message: '优惠券已抢光',
      });
    });

    it('at the per-user limit: 45004 您已领取过该优惠券', async () => {
      expect(await refusedDraw({ perUserLimit: 1 })).toMatchObject({
        code: 45004,
        message: '您已领取过该优惠券',
      });
    });

    it('a first claim refused leaves no claim row behind', async () => {
      const shop = await givenShop(db);
      const shopper = await givenMember(db, shop.shopId);
      const couponId = await aCoupon(shop.shopId, { status: CouponStatus.Stopped });
      await expect(
        drawCoupon(db, {
          shopId: shop.shopId,
          userId: shopper.id,
          couponId,
          source: 'center',
          now: NOW,
        }),
      ).rejects.toMatchObject({ code: 45005 });
      expect(await claimsOf(couponId)).toEqual([]);
      expect(await issuedOf(couponId)).toBe(0);
      expect(await heldOf(couponId)).toEqual([]);
    });
  });
});

/**
 * A shop charging freight 10.00 under 999.00 with two sales: 甲品牌 sells a shirt at 150.00,
 * 乙品牌 a coat at 100.00; a shopper with an address holding a 甲品牌 coupon (满100减30) and a
 * shop coupon (满199减20).
 */
async function givenCouponShop() {
  const shop = await givenShop(db);
  await db
    .update(shops)
    .set({ freightCents: 1000, freeFreightOverCents: 99_900 })
    .where(eq(shops.id, shop.shopId));
  const saleA = await givenSale(db, shop.shopId, { now: NOW, title: '甲品牌 特卖' });
  const saleB = await givenSale(db, shop.shopId, { now: NOW, title: '乙品牌 特卖' });
  const shirt = await givenProduct(db, saleA, { priceCents: 15_000, stock: 10 });
  const coat = await givenProduct(db, saleB, { priceCents: 10_000, stock: 10 });
  const shopper = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, shopper.id);
  const brandCouponId = await aCoupon(shop.shopId, {
    name: '甲品牌券',
    amountCents: 3000,
    thresholdCents: 10_000,
    scope: 'brand',
    scopeRef: String(saleA.brandId),
  });
  const shopCouponId = await aCoupon(shop.shopId, {
    name: '店铺通用券',
    amountCents: 2000,
    thresholdCents: 19_900,
  });
  const draw = (couponId: number, now = NOW) =>
    drawCoupon(db, { shopId: shop.shopId, userId: shopper.id, couponId, source: 'center', now });
  const brandCoupon = await draw(brandCouponId);
  const shopCoupon = await draw(shopCouponId);
  return {
    shopId: shop.shopId,
    saleA,
    saleB,
    shirt,
    coat,
    shopper,
    address,
    brandCoupon,
    shopCoupon,
    draw,
  };
}
type CouponShop = Awaited<ReturnType<typeof givenCouponShop>>;

async function inCart(s: CouponShop, skuNo: string, quantity: number) {
  const [sku] = await db.select({ id: skus.id }).from(skus).where(eq(skus.skuNo, skuNo));
  await db
    .insert(cartItems)
    .values({ shopId: s.shopId, userId: s.shopper.id, skuId: sku!.id, quantity });
}

/** The cart holding a shirt and a coat: one checkout of two orders (two sales). */
async function shirtAndCoat(s: CouponShop) {
  await inCart(s, s.shirt.skuNos[0]!, 1);
  await inCart(s, s.coat.skuNos[0]!, 1);
}

const preview = (s: CouponShop, extra: Partial<PlaceOrderInput> = {}) =>
  previewCheckout(db, { shopId: s.shopId, userId: s.shopper.id, now: NOW, ...extra });

/** Previews with `userCouponId` (undefined: the best), then places with the preview's choice. */
async function previewAndPlace(
  s: CouponShop,
  extra: Partial<PlaceOrderInput> = {},
  now: Date = NOW,
) {
  const shown = await previewCheckout(db, {
    shopId: s.shopId,
    userId: s.shopper.id,
    now,
    ...extra,
  });
  const placed = await placeOrder(db, {
    shopId: s.shopId,
    userId: s.shopper.id,
    addressId: s.address.id,
    userCouponId: shown.coupons.selectedId,
    quote: shown.quote,
    idempotencyKey: newKey(),
    now,
    ...extra,
  });
  return { shown, placed };
}

async function placedRows(groupNo: string) {
  const [group] = await db.select().from(orderGroups).where(eq(orderGroups.groupNo, groupNo));
  const theOrders = await db
    .select()
    .from(orders)
    .where(eq(orders.groupId, group!.id))
    .orderBy(asc(orders.id));
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        theOrders.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderLines.id));
  return { group: group!, orders: theOrders, lines };
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as { code?: number; message?: string },
  );

describe('the coupon at checkout', () => {
  it('picks the coupon taking the most: the brand coupon on its 150.00, shared over its line only', async () => {
    const s = await givenCouponShop();
    await shirtAndCoat(s);
    const shown = await preview(s);
    // 甲品牌券 takes 30.00 off the shirt's 150.00; the shop coupon 20.00 off 250.00.
    expect(shown.coupons.selectedId).toBe(s.brandCoupon);
    expect(shown.coupons.usable.map((c) => [c.userCouponId, c.offCents])).toEqual([
      [s.brandCoupon, 3000],
      [s.shopCoupon, 2000],
    ]);
    expect(shown.coupons.unusable).toEqual([]);
    expect(shown).toMatchObject({ goodsCents: 25_000, couponCents: 3000, freightCents: 1000 });
    expect(shown.payCents).toBe(25_000 - 3000 + 1000);
    const [groupA, groupB] = shown.groups;
    expect(groupA!.lines.map((l) => [l.skuNo, l.couponCents])).toEqual([[s.shirt.skuNos[0], 3000]]);
    expect(groupB!.lines.map((l) => [l.skuNo, l.couponCents])).toEqual([[s.coat.skuNos[0], 0]]);
  });

  it('picks the shop coupon where the brand coupon has nothing to apply to', async () => {
    const s = await givenCouponShop();
    await inCart(s, s.coat.skuNos[0]!, 2);
    const shown = await preview(s);
    expect(shown.coupons.selectedId).toBe(s.shopCoupon);
    expect(shown.couponCents).toBe(2000);
    expect(shown.coupons.unusable.map((c) => [c.userCouponId, c.offCents, c.refusal])).toEqual([
      [s.brandCoupon, 0, '订单中没有可使用此券的商品'],
    ]);
  });

  it('prices with none when asked for none, and with the one asked for', async () => {
    const s = await givenCouponShop();
    await shirtAndCoat(s);
    const none = await preview(s, { userCouponId: null });
    expect(none.coupons.selectedId).toBeNull();
    expect(none).toMatchObject({ couponCents: 0, payCents: 25_000 + 1000 });
    expect(none.coupons.usable).toHaveLength(2);
    const shopWide = await preview(s, { userCouponId: s.shopCoupon });
    expect(shopWide.coupons.selectedId).toBe(s.shopCoupon);
    expect(shopWide.couponCents).toBe(2000);
    // 20.00 over 150.00 and 100.00.
    expect(shopWide.groups.map((g) => g.lines[0]!.couponCents)).toEqual([1200, 800]);
    expect(new Set([none.quote, shopWide.quote, (await preview(s)).quote]).size).toBe(3);
  });

  it('refuses a coupon with nothing in scope or below its threshold: 45006 with the reason', async () => {
    const s = await givenCouponShop();
    await inCart(s, s.coat.skuNos[0]!, 1);
    expect(await refusalOf(preview(s, { userCouponId: s.brandCoupon }))).toMatchObject({
      code: 45006,
      message: '订单中没有可使用此券的商品',
    });
    expect(await refusalOf(preview(s, { userCouponId: s.shopCoupon }))).toMatchObject({
      code: 45006,
      message: '未达到优惠券使用门槛',
    });
  });

  it('refuses a coupon the shopper does not hold: 45006 优惠券不存在', async () => {
    const s = await givenCouponShop();
    const other = await givenCouponShop();
    await shirtAndCoat(s);
    expect(await refusalOf(preview(s, { userCouponId: other.shopCoupon }))).toMatchObject({
      code: 45006,
      message: '优惠券不存在',
    });
  });

  it('places the order with the previewed coupon: used by the checkout, its shares stored, the sums holding', async () => {
    const s = await givenCouponShop();
    await shirtAndCoat(s);
    const { shown, placed } = await previewAndPlace(s);
    expect(placed.payCents).toBe(shown.payCents);
    const { group, orders: placedOrders, lines } = await placedRows(placed.groupNo);

    expect(await userCoupon(s.brandCoupon)).toMatchObject({
      status: UserCouponStatus.Used,
      usedGroupId: group.id,
      usedAt: NOW,
    });
    expect(await userCoupon(s.shopCoupon)).toMatchObject({
      status: UserCouponStatus.Unused,
      usedGroupId: null,
    });
    expect(group).toMatchObject({ userCouponId: s.brandCoupon, couponCents: 3000 });
    // The shirt's order carries the whole share and names the coupon; the coat's neither.
    expect(placedOrders.map((o) => [o.couponCents, o.userCouponId])).toEqual([
      [3000, s.brandCoupon],
      [0, null],
    ]);
    expect(lines.map((l) => [l.skuNo, l.couponCents])).toEqual([
      [s.shirt.skuNos[0], 3000],
      [s.coat.skuNos[0], 0],
    ]);

    const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((t, r) => t + pick(r), 0);
    for (const line of lines) {
      expect(line.paidCents).toBe(
        line.lineCents -
          line.promotionCents -
          line.couponCents +
          line.freightCents +
          line.insuranceCents,
      );
    }
    for (const order of placedOrders) {
      const own = lines.filter((l) => l.orderId === order.id);
      expect({
        goods: order.goodsCents,
        discount: order.discountCents,
        coupon: order.couponCents,
        freight: order.freightCents,
        pay: order.payCents,
      }).toEqual({
        goods: sum(own, (l) => l.lineCents),
        discount: sum(own, (l) => l.promotionCents),
        coupon: sum(own, (l) => l.couponCents),
        freight: sum(own, (l) => l.freightCents),
        pay: sum(own, (l) => l.paidCents),
      });
    }
    expect({
      goods: group.goodsCents,
      coupon: group.couponCents,
      freight: group.freightCents,
      pay: group.payCents,
    }).toEqual({
      goods: sum(placedOrders, (o) => o.goodsCents),
      coupon: sum(placedOrders, (o) => o.couponCents),
      freight: sum(placedOrders, (o) => o.freightCents),
      pay: sum(placedOrders, (o) => o.payCents),
    });
    expect(group).toMatchObject({
      goodsCents: 25_000,
      couponCents: 3000,
      freightCents: 1000,
      payCents: 23_000,
    });
  });

  it('places no coupon when the order names none, whatever the preview showed', async () => {
    const s = await givenCouponShop();
    await shirtAndCoat(s);
    const shown = await preview(s, { userCouponId: null });
    const placed = await placeOrder(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      addressId: s.address.id,
      quote: shown.quote,
      idempotencyKey: newKey(),
      now: NOW,
    });
    const { group, orders: placedOrders } = await placedRows(placed.groupNo);
    expect(group).toMatchObject({ userCouponId: null, couponCents: 0 });
    expect(placedOrders.every((o) => o.userCouponId === null)).toBe(true);
    expect((await userCoupon(s.brandCoupon)).status).toBe(UserCouponStatus.Unused);
    expect((await userCoupon(s.shopCoupon)).status).toBe(UserCouponStatus.Unused);
  });

  it('placing again with the used coupon is refused, writes no order and takes no stock', async () => {
    const s = await givenCouponShop();
    const skuNo = s.shirt.skuNos[0]!;
    const direct = { skuNo, quantity: 1 };
    const { shown } = await previewAndPlace(s, direct);
    expect(shown.coupons.selectedId).toBe(s.brandCoupon);
    const groupsBefore = await db
      .select({ id: orderGroups.id })
      .from(orderGroups)
      .where(eq(orderGroups.userId, s.shopper.id));
    const stockBefore = await stockOf(skuNo);
    const refused = await refusalOf(
      placeOrder(db, {
        shopId: s.shopId,
        userId: s.shopper.id,
        ...direct,
        addressId: s.address.id,
        userCouponId: s.brandCoupon,
        quote: shown.quote,
        idempotencyKey: newKey(),
        now: NOW,
      }),
    );
    expect([45006, 45007]).toContain(refused?.code);
    const groupsAfter = await db
      .select({ id: orderGroups.id })
      .from(orderGroups)
      .where(eq(orderGroups.userId, s.shopper.id));
    expect(groupsAfter).toEqual(groupsBefore);
    expect(await stockOf(skuNo)).toBe(stockBefore);
    expect(stockBefore).toBe(9);
    expect(await userCoupon(s.brandCoupon)).toMatchObject({
      status: UserCouponStatus.Used,
      usedGroupId: groupsBefore[0]!.id,
    });
  });

  it('placing again with the used coupon says 45007 优惠券已使用', async () => {
    const s = await givenCouponShop();
    const direct = { skuNo: s.shirt.skuNos[0]!, quantity: 1 };
    const { shown } = await previewAndPlace(s, direct);
    const refused = await refusalOf(
      placeOrder(db, {
        shopId: s.shopId,
        userId: s.shopper.id,
        ...direct,
        addressId: s.address.id,
        userCouponId: s.brandCoupon,
        quote: shown.quote,
        idempotencyKey: newKey(),
        now: NOW,
      }),
    );
    expect(refused).toMatchObject({ code: 45007, message: '优惠券已使用' });
  });

  it('a preview naming a used coupon is refused with 45007 优惠券已使用', async () => {
    const s = await givenCouponShop();
    const direct = { skuNo: s.shirt.skuNos[0]!, quantity: 1 };
    await previewAndPlace(s, direct);
    expect(await refusalOf(preview(s, { ...direct, userCouponId: s.brandCoupon }))).toMatchObject({
      code: 45007,
      message: '优惠券已使用',
    });
  });

  it('a preview naming a coupon whose validity ended is refused with 45006 and 优惠券已过期', async () => {
    const s = await givenCouponShop();
    const shortCoupon = await aCoupon(s.shopId, {
      amountCents: 5000,
      thresholdCents: 0,
      validDays: null,
      validFrom: at(-HOUR),
      validTo: at(HOUR),
    });
    const held = await s.draw(shortCoupon);
    const direct = { skuNo: s.shirt.skuNos[0]!, quantity: 1 };
    // Still Unused (no timer ran), but past its validTo.
    expect(
      await refusalOf(preview(s, { ...direct, userCouponId: held, now: at(2 * HOUR) })),
    ).toMatchObject({ code: 45006, message: '优惠券已过期' });
  });

  it('a preview no longer offers a used coupon, and picks the next best', async () => {
    const s = await givenCouponShop();
    await previewAndPlace(s, { skuNo: s.shirt.skuNos[0]!, quantity: 1 });
    await shirtAndCoat(s);
    const shown = await preview(s);
    expect(shown.coupons.selectedId).toBe(s.shopCoupon);
    expect(
      [...shown.coupons.usable, ...shown.coupons.unusable].map((c) => c.userCouponId),
    ).not.toContain(s.brandCoupon);
  });
});

describe('the coupon back on cancel', () => {
  const cancel = (s: CouponShop, orderNo: string, now = NOW) =>
    cancelOrder(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      orderNo,
      reason: '不想要了',
      now,
    });

  it('cancelling the unpaid order gives it back: Unused, used_group_id null, and the stock back', async () => {
    const s = await givenCouponShop();
    const skuNo = s.shirt.skuNos[0]!;
    const { placed } = await previewAndPlace(s, { skuNo, quantity: 1 });
    expect((await userCoupon(s.brandCoupon)).status).toBe(UserCouponStatus.Used);
    await cancel(s, placed.orderNos[0]!, at(MINUTE));
    expect(await userCoupon(s.brandCoupon)).toMatchObject({
      status: UserCouponStatus.Unused,
      usedGroupId: null,
      usedAt: null,
    });
    expect(await stockOf(skuNo)).toBe(10);
    // The cancelled checkout still says which coupon it was priced with.
    const { group, orders: placedOrders } = await placedRows(placed.groupNo);
    expect(group.couponCents).toBe(3000);
    expect(placedOrders[0]).toMatchObject({ status: OrderStatus.Cancelled, couponCents: 3000 });
  });

  it('a coupon given back can be used again by the next checkout', async () => {
    const s = await givenCouponShop();
    const direct = { skuNo: s.shirt.skuNos[0]!, quantity: 1 };
    const first = await previewAndPlace(s, direct);
    await cancel(s, first.placed.orderNos[0]!, at(MINUTE));
    const again = await previewAndPlace(s, direct, at(2 * MINUTE));
    expect(again.shown.coupons.selectedId).toBe(s.brandCoupon);
    const { group } = await placedRows(again.placed.groupNo);
    expect(group.userCouponId).toBe(s.brandCoupon);
    expect(await userCoupon(s.brandCoupon)).toMatchObject({
      status: UserCouponStatus.Used,
      usedGroupId: group.id,
    });
  });

  it('with two orders carrying shares, it stays used until both are cancelled', async () => {
    const s = await givenCouponShop();
    await shirtAndCoat(s);
    const { placed } = await previewAndPlace(s, { userCouponId: s.shopCoupon });
    const { group, orders: placedOrders } = await placedRows(placed.groupNo);
    expect(placedOrders.map((o) => [o.couponCents, o.userCouponId])).toEqual([
      [1200, s.shopCoupon],
      [800, s.shopCoupon],
    ]);
    await cancel(s, placed.orderNos[0]!, at(MINUTE));
    expect(await userCoupon(s.shopCoupon)).toMatchObject({
      status: UserCouponStatus.Used,
      usedGroupId: group.id,
    });
    await cancel(s, placed.orderNos[1]!, at(2 * MINUTE));
    expect(await userCoupon(s.shopCoupon)).toMatchObject({
      status: UserCouponStatus.Unused,
      usedGroupId: null,
      usedAt: null,
    });
    expect(await stockOf(s.shirt.skuNos[0]!)).toBe(10);
    expect(await stockOf(s.coat.skuNos[0]!)).toBe(10);
  });

  it('a coupon past its validity when given back is expired at once', async () => {
    const s = await givenCouponShop();
    const shortCoupon = await aCoupon(s.shopId, {
      name: '限时券',
      amountCents: 5000,
      thresholdCents: 0,
      validDays: null,
      validFrom: at(-HOUR),
      validTo: at(HOUR),
    });
    const held = await s.draw(shortCoupon);
    const { placed } = await previewAndPlace(s, { skuNo: s.shirt.skuNos[0]!, quantity: 1 });
    expect((await placedRows(placed.groupNo)).group.userCouponId).toBe(held);
    await cancel(s, placed.orderNos[0]!, at(2 * HOUR));
    expect(await userCoupon(held)).toMatchObject({
      status: UserCouponStatus.Expired,
      usedGroupId: null,
      usedAt: null,
    });
  });

  it('a coupon still valid when given back is not expired', async () => {
    const s = await givenCouponShop();
    const { placed } = await previewAndPlace(s, { skuNo: s.shirt.skuNos[0]!, quantity: 1 });
    await cancel(s, placed.orderNos[0]!, at(7 * DAY - MINUTE));
    expect((await userCoupon(s.brandCoupon)).status).toBe(UserCouponStatus.Unused);
  });

  it('cancelling an order of a checkout without a coupon touches no coupon', async () => {
    const s = await givenCouponShop();
    const { placed } = await previewAndPlace(s, {
      skuNo: s.shirt.skuNos[0]!,
      quantity: 1,
      userCouponId: null,
    });
    await cancel(s, placed.orderNos[0]!, at(MINUTE));
    const held = await db
      .select({ status: userCoupons.status })
      .from(userCoupons)
      .where(and(eq(userCoupons.userId, s.shopper.id)));
    expect(held.map((h) => h.status)).toEqual([UserCouponStatus.Unused, UserCouponStatus.Unused]);
  });
});
