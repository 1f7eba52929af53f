/**
 * Coupons under load on a real PostgreSQL server (issue #13 "Must show"): 64 shoppers drawing a
 * coupon of total 1 at once get one user coupon; one shopper drawing a per-user-1 coupon 20 times
 * at once gets one; 20 checkouts of one shopper racing for one held coupon use it once. Every
 * call runs its own transaction on the pool, all at once; each test checks what the database holds.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  coupons,
  couponUserClaims,
  orderGroups,
  skus,
  userCoupons,
} from '#lib/platform/db/schema.ts';
import { drawCoupon } from '#lib/coupons/draw.server.ts';
import { UserCouponStatus } from '#lib/coupons/status.ts';
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

async function aCoupon(shopId: string, values: Partial<typeof coupons.$inferInsert> = {}) {
  const now = Date.now();
  const [row] = await db
    .insert(coupons)
    .values({
      couponNo: `CR${shopId}${Math.floor(Math.random() * 1e9)}`,
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
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  expect(refusals).toHaveLength(63);
  for (const refusal of refusals)
    expect(refusal).toMatchObject({ code: 45003, message: '优惠券已抢光' });
  const [held] = await db.select({ n }).from(userCoupons).where(eq(userCoupons.couponId, couponId));
  const [template] = await db
    .select({ issued: coupons.issued })
    .from(coupons)
    .where(eq(coupons.id, couponId));
  const [claims] = await db
    .select({ n })
    .from(couponUserClaims)
    .where(eq(couponUserClaims.couponId, couponId));
  expect({ held: held!.n, issued: template!.issued, claims: claims!.n }).toEqual({
    held: 1,
    issued: 1,
    claims: 1,
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
  const [held] = await db.select({ n }).from(userCoupons).where(eq(userCoupons.couponId, couponId));
  const [template] = await db
    .select({ issued: coupons.issued })
    .from(coupons)
    .where(eq(coupons.id, couponId));
  expect({ held: held!.n, issued: template!.issued }).toEqual({ held: 1, issued: 1 });
});

it('20 checkouts racing for one held coupon: one order uses it, the rest are refused and take no stock', async () => {
  const shop = await givenShop(db);
  const sale = await givenSale(db, shop.shopId);
  const product = await givenProduct(db, sale, { priceCents: 15_000, stock: 100 });
  const shopper = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, shopper.id);
  const couponId = await aCoupon(shop.shopId);
  const userCouponId = await drawCoupon(db, {
    shopId: shop.shopId,
    userId: shopper.id,
    couponId,
    source: 'center',
  });
  const checkout = {
    shopId: shop.shopId,
    userId: shopper.id,
    skuNo: product.skuNos[0]!,
    quantity: 1,
  };
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
  const placed = results.filter((r) => r.status === 'fulfilled');
  expect(placed).toHaveLength(1);
  for (const r of results) {
    if (r.status === 'rejected') {
      if ((r.reason as { code?: number }).code === undefined) throw r.reason;
      // The loser sees the coupon used — or, re-priced without it, prices that changed.
      expect([45006, 45007, 41003]).toContain((r.reason as { code: number }).code);
    }
  }
  const [groups] = await db
    .select({ n })
    .from(orderGroups)
    .where(eq(orderGroups.userCouponId, userCouponId));
  const [coupon] = await db
    .select({ status: userCoupons.status })
    .from(userCoupons)
    .where(and(eq(userCoupons.id, userCouponId)));
  const [sku] = await db
    .select({ stock: skus.stock })
    .from(skus)
    .where(eq(skus.skuNo, product.skuNos[0]!));
  expect({ groups: groups!.n, status: coupon!.status, stock: sku!.stock }).toEqual({
    groups: 1,
    status: UserCouponStatus.Used,
    stock: 99,
  });
});
