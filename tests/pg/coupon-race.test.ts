/**
 * Coupons under load on a real PostgreSQL server (issue #13 "Must show"): 64 shoppers drawing a
 * coupon of total 1 at once get one user coupon; one shopper drawing a per-user-1 coupon 20 times
 * at once gets one; 20 checkouts of one shopper racing for one held coupon use it once and take
 * stock once; the two orders of one checkout cancelled at once give its coupon back. Every call
 * runs its own transaction on the pool, all at once; each test checks what the database holds.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  cartItems,
  coupons,
  couponUserClaims,
  orderGroups,
  orderLines,
  orders,
  skus,
  userCoupons,
} from '#lib/platform/db/schema.ts';
import { drawCoupon } from '#lib/coupons/draw.server.ts';
import { UserCouponStatus } from '#lib/coupons/status.ts';
import { cancelOrder } from '#lib/orders/commands.server.ts';
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import {
  givenAddress,
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
} from '../fixtures/given.ts';

const DAY = 86_400_000;
const n = sql<number>`count(*)::int`;

let database: Database;
let db: Db;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL }, { seed: false });
  db = database.db;
});
afterAll(() => database.close());

let serial = 0;
async function aCoupon(shopId: string, values: Partial<typeof coupons.$inferInsert> = {}) {
  const now = Date.now();
  const [row] = await db
    .insert(coupons)
    .values({
      couponNo: `CR${shopId}${String((serial += 1)).padStart(5, '0')}`,
      shopId,
      name: '满100减10',
      amountCents: 1000,
      thresholdCents: 10_000,
      total: 100,
      claimFrom: new Date(now - DAY),
      claimTo: new Date(now + DAY),
      validDays: 7,
      ...values,
    })
    .returning({ id: coupons.id });
  return row!.id;
}

async function countsOf(couponId: number) {
  const held = await db
    .select({ userId: userCoupons.userId })
    .from(userCoupons)
    .where(eq(userCoupons.couponId, couponId));
  const [template] = await db
    .select({ issued: coupons.issued })
    .from(coupons)
    .where(eq(coupons.id, couponId));
  const claims = await db
    .select({ userId: couponUserClaims.userId, claimed: couponUserClaims.claimed })
    .from(couponUserClaims)
    .where(eq(couponUserClaims.couponId, couponId));
  return { held, issued: template!.issued, claims };
}

const codeOf = (reason: unknown) => {
  if ((reason as { code?: unknown }).code === undefined) throw reason;
  return (reason as { code: number }).code;
};

it('64 shoppers drawing a coupon of total 1 at once: one gets it, the others hear 已抢光', async () => {
  const shop = await givenShop(db);
  const couponId = await aCoupon(shop.shopId, { total: 1 });
  const shoppers = await Promise.all(
    Array.from({ length: 64 }, () => givenMember(db, shop.shopId)),
  );
  const results = await Promise.allSettled(
    shoppers.map((s) =>
      drawCoupon(db, { shopId: shop.shopId, userId: s.id, couponId, source: 'center' }),
    ),
  );
  const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [shoppers[i]!.id] : []));
  expect(won).toHaveLength(1);
  const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  expect(refusals).toHaveLength(63);
  for (const refusal of refusals) {
    expect(refusal).toMatchObject({ code: 45003, message: '优惠券已抢光' });
  }
  // The winner holds it; the losers' claim counts rolled back with their transactions.
  expect(await countsOf(couponId)).toEqual({
    held: [{ userId: won[0] }],
    issued: 1,
    claims: [{ userId: won[0], claimed: 1 }],
  });
});

it('one shopper drawing a per-user-1 coupon 20 times at once gets one', async () => {
  const shop = await givenShop(db);
  const couponId = await aCoupon(shop.shopId, { perUserLimit: 1 });
  const shopper = await givenMember(db, shop.shopId);
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, () =>
      drawCoupon(db, { shopId: shop.shopId, userId: shopper.id, couponId, source: 'center' }),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  for (const r of results) {
    if (r.status === 'rejected') {
      expect(r.reason).toMatchObject({ code: 45004, message: '您已领取过该优惠券' });
    }
  }
  expect(await countsOf(couponId)).toEqual({
    held: [{ userId: shopper.id }],
    issued: 1,
    claims: [{ userId: shopper.id, claimed: 1 }],
  });
});

it('20 checkouts racing for one held coupon: one order uses it, the rest are refused and take no stock', async () => {
  const shop = await givenShop(db);
  const sale = await givenSale(db, shop.shopId);
  const product = await givenProduct(db, sale, { priceCents: 15_000, stock: 100 });
  const skuNo = product.skuNos[0]!;
  const shopper = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, shopper.id);
  const couponId = await aCoupon(shop.shopId);
  const userCouponId = await drawCoupon(db, {
    shopId: shop.shopId,
    userId: shopper.id,
    couponId,
    source: 'center',
  });
  const checkout = { shopId: shop.shopId, userId: shopper.id, skuNo, quantity: 1 };
  const preview = await previewCheckout(db, { ...checkout, addressId: address.id });
  expect(preview.coupons.selectedId).toBe(userCouponId);
  expect(preview.couponCents).toBe(1000);

  const results = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) =>
      placeOrder(db, {
        ...checkout,
        addressId: address.id,
        userCouponId,
        quote: preview.quote,
        idempotencyKey: `coupon-race-${shop.shopId}-${i}`,
      }),
    ),
  );
  const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  expect(placed).toHaveLength(1);
  const codes = results.flatMap((r) => (r.status === 'rejected' ? [codeOf(r.reason)] : []));
  expect(codes).toHaveLength(19);
  // The loser hears 优惠券已使用 (45007) when it lost the conditional update, or the coupon is
  // refused (45006) when the winner had committed before its checkout read the held coupons.
  for (const code of codes) expect([45006, 45007]).toContain(code);

  const groups = await db
    .select({
      id: orderGroups.id,
      groupNo: orderGroups.groupNo,
      couponCents: orderGroups.couponCents,
    })
    .from(orderGroups)
    .where(eq(orderGroups.userId, shopper.id));
  expect(groups).toEqual([
    { id: expect.any(Number), groupNo: placed[0]!.groupNo, couponCents: 1000 },
  ]);
  const [group] = await db
    .select({ userCouponId: orderGroups.userCouponId })
    .from(orderGroups)
    .where(eq(orderGroups.id, groups[0]!.id));
  expect(group!.userCouponId).toBe(userCouponId);
  const placedOrders = await db
    .select({ id: orders.id, userCouponId: orders.userCouponId, couponCents: orders.couponCents })
    .from(orders)
    .where(eq(orders.userId, shopper.id));
  expect(placedOrders).toEqual([{ id: expect.any(Number), userCouponId, couponCents: 1000 }]);
  const [coupon] = await db
    .select({ status: userCoupons.status, usedGroupId: userCoupons.usedGroupId })
    .from(userCoupons)
    .where(eq(userCoupons.id, userCouponId));
  expect(coupon).toEqual({ status: UserCouponStatus.Used, usedGroupId: groups[0]!.id });
  const [sku] = await db.select({ stock: skus.stock }).from(skus).where(eq(skus.skuNo, skuNo));
  expect(sku!.stock).toBe(99);
  const [lines] = await db
    .select({ n })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        placedOrders.map((o) => o.id),
      ),
    );
  expect(lines!.n).toBe(1);
});

it('the two orders of a checkout cancelled at once give its coupon back once', async () => {
  const shop = await givenShop(db);
  const saleA = await givenSale(db, shop.shopId);
  const saleB = await givenSale(db, shop.shopId);
  const shirt = await givenProduct(db, saleA, { priceCents: 15_000, stock: 100 });
  const coat = await givenProduct(db, saleB, { priceCents: 10_000, stock: 100 });
  const [shirtSku, coatSku] = await Promise.all(
    [shirt.skuNos[0]!, coat.skuNos[0]!].map(async (skuNo) => {
      const [row] = await db.select({ id: skus.id }).from(skus).where(eq(skus.skuNo, skuNo));
      return row!.id;
    }),
  );
  const couponId = await aCoupon(shop.shopId, {
    amountCents: 2000,
    thresholdCents: 19_900,
    total: 1000,
    perUserLimit: 100,
  });
  // Ten checkouts of two orders each, each cancelled twice at once.
  for (let round = 0; round < 10; round += 1) {
    const shopper = await givenMember(db, shop.shopId);
    const address = await givenAddress(db, shopper.id);
    const userCouponId = await drawCoupon(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      couponId,
      source: 'center',
    });
    await db.insert(cartItems).values([
      { shopId: shop.shopId, userId: shopper.id, skuId: shirtSku!, quantity: 1 },
      { shopId: shop.shopId, userId: shopper.id, skuId: coatSku!, quantity: 1 },
    ]);
    const checkout = { shopId: shop.shopId, userId: shopper.id };
    const preview = await previewCheckout(db, { ...checkout, addressId: address.id });
    expect(preview.coupons.selectedId).toBe(userCouponId);
    const placed = await placeOrder(db, {
      ...checkout,
      addressId: address.id,
      userCouponId,
      quote: preview.quote,
      idempotencyKey: `coupon-cancel-${shop.shopId}-${round}`,
    });
    const shares = await db
      .select({ couponCents: orders.couponCents })
      .from(orders)
      .where(eq(orders.userId, shopper.id))
      .orderBy(asc(orders.id));
    expect(shares.map((o) => o.couponCents)).toEqual([1200, 800]);
    await Promise.all(
      placed.orderNos.map((orderNo) =>
        cancelOrder(db, { ...checkout, orderNo, reason: '不想要了' }),
      ),
    );
    const [coupon] = await db
      .select({ status: userCoupons.status, usedGroupId: userCoupons.usedGroupId })
      .from(userCoupons)
      .where(eq(userCoupons.id, userCouponId));
    expect(coupon).toEqual({ status: UserCouponStatus.Unused, usedGroupId: null });
  }
  const stock = await db
    .select({ stock: skus.stock })
    .from(skus)
    .where(inArray(skus.id, [shirtSku!, coatSku!]));
  expect(stock.map((s) => s.stock)).toEqual([100, 100]);
});
