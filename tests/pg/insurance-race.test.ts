/**
 * Freight insurance claims under load on a real PostgreSQL server: ten owners' taps on 同意 for
 * one return of an insured order file one claim; the returns of two lines of one insured order
 * approved at once still file one (the policy covers one parcel); returns of different insured
 * orders approved at once file one claim each. Every call runs its own transaction on the pool,
 * all at once; each test checks what the database holds afterwards.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  afterSales,
  cartItems,
  insuranceClaims,
  orderEvents,
  orderLines,
  orders,
  skus,
} from '#lib/platform/db/schema.ts';
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { shipOrder } from '#lib/orders/commands.server.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/status.ts';
import { createPayment } from '#lib/payments/payments.server.ts';
import { applyAfterSale, reviewAfterSale } from '#lib/after-sales/after-sales.server.ts';
import type { AfterSaleView } from '#lib/after-sales/contracts.ts';
import { ClaimStatus } from '#lib/insurance/status.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import {
  givenAddress,
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
} from '../fixtures/given.ts';
import { inProcessGateway, payAtGateway, type InProcessGateway } from '../fixtures/payments.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const n = sql<number>`count(*)::int`;

let database: Database;
let db: Db;
let gateway: InProcessGateway;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL }, { seed: false });
  db = database.db;
  gateway = await inProcessGateway(db);
});
afterAll(() => database.close());

let keys = 0;

/**
 * A shop selling a shirt in two sizes at 49.90 (freight 10.00), and a buyer who insured an order
 * of one of each, paid it and has it shipped: one order of two lines, each returned and waiting
 * for the owner's review.
 */
async function anInsuredOrderReturned(province: 'home' | 'remote' = 'home') {
  const shop = await givenShop(db);
  const sale = await givenSale(db, shop.shopId);
  const product = await givenProduct(db, sale, { priceCents: 4990, skus: 2, stock: 10 });
  const buyer = await givenMember(db, shop.shopId);
  const address = await givenAddress(
    db,
    buyer.id,
    province === 'remote'
      ? { province: '西藏自治区', city: '拉萨市', district: '城关区', detail: '北京中路1号' }
      : {},
  );
  const chosen = await db
    .select({ id: skus.id })
    .from(skus)
    .where(inArray(skus.skuNo, product.skuNos))
    .orderBy(asc(skus.id));
  await db
    .insert(cartItems)
    .values(
      chosen.map((sku) => ({ shopId: shop.shopId, userId: buyer.id, skuId: sku.id, quantity: 1 })),
    );
  const source = { shopId: shop.shopId, userId: buyer.id, insured: true };
  const { quote, insuranceCents } = await previewCheckout(db, source);
  expect(insuranceCents).toBe(80);
  const placed = await placeOrder(db, {
    ...source,
    addressId: address.id,
    quote,
    idempotencyKey: `insurance-race-${(keys += 1)}`,
  });
  const orderNo = placed.orderNos[0]!;
  const opened = await createPayment(db, gateway, {
    shopId: shop.shopId,
    userId: buyer.id,
    orderNo,
    channel: 'native',
    userAgent: DESKTOP,
    clientIp: '127.0.0.1',
    origin: 'http://shop.test',
    successUrl: (no) => `http://shop.test/pay/success?paymentNo=${no}`,
  });
  await payAtGateway(db, opened.paymentNo);
  expect(await gateway.deliver()).toBeGreaterThanOrEqual(1);
  await shipOrder(db, {
    shopId: shop.shopId,
    ownerId: shop.ownerId,
    orderNo,
    carrier: 'SF',
    company: '顺丰速运',
    trackingNo: `SF${orderNo}`,
  });
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  expect(order).toMatchObject({
    status: OrderStatus.Shipped,
    insuranceCents: 80,
    insuranceCoverCents: province === 'remote' ? 2500 : 1200,
  });
  const lines = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.orderId, order!.id))
    .orderBy(asc(orderLines.id));
  const returns: AfterSaleView[] = [];
  for (const line of lines) {
    returns.push(
      await applyAfterSale(db, {
        shopId: shop.shopId,
        userId: buyer.id,
        orderNo,
        lineId: line.id,
        kind: 'return',
        reason: '尺码不合适',
        description: '',
        photoIds: [],
        auditChannel: 6,
      }),
    );
  }
  expect(returns.map((r) => r.amountCents)).toEqual([4990, 4990]);
  return { shopId: shop.shopId, ownerId: shop.ownerId, userId: buyer.id, order: order!, returns };
}
type Returned = Awaited<ReturnType<typeof anInsuredOrderReturned>>;

const approve = (o: Returned, afterSaleNo: string) =>
  reviewAfterSale(db, gateway, {
    shopId: o.shopId,
    ownerId: o.ownerId,
    afterSaleNo,
    approve: true,
  });

const claimsOf = (orderId: number) =>
  db
    .select({
      claimNo: insuranceClaims.claimNo,
      afterSaleNo: afterSales.afterSaleNo,
      amountCents: insuranceClaims.amountCents,
      status: insuranceClaims.status,
      userId: insuranceClaims.userId,
    })
    .from(insuranceClaims)
    .innerJoin(afterSales, eq(afterSales.id, insuranceClaims.afterSaleId))
    .where(eq(insuranceClaims.orderId, orderId));

const statusesOf = async (afterSaleNos: string[]) =>
  (
    await db
      .select({ afterSaleNo: afterSales.afterSaleNo, status: afterSales.status })
      .from(afterSales)
      .where(inArray(afterSales.afterSaleNo, afterSaleNos))
      .orderBy(asc(afterSales.id))
  ).map((a) => a.status);

const approvalsOf = async (orderId: number) =>
  (
    await db
      .select({ n })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'refund_approved')))
  )[0]!.n;

const codesOf = (results: PromiseSettledResult<unknown>[]) =>
  results
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map((r) => (r.reason as { code?: number }).code ?? String(r.reason));

it('ten concurrent approvals of one return of an insured order: one approval, one claim', async () => {
  const o = await anInsuredOrderReturned('remote');
  const [first] = o.returns as [AfterSaleView];
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, () => approve(o, first.afterSaleNo)),
  );
  const approved = results.filter(
    (r): r is PromiseFulfilledResult<AfterSaleView> => r.status === 'fulfilled',
  );
  expect(approved).toHaveLength(1);
  expect(codesOf(results)).toEqual(Array.from({ length: 9 }, () => 43005));
  expect(approved[0]!.value.claim).toMatchObject({ amountCents: 2500, statusText: '待赔付' });

  expect(await claimsOf(o.order.id)).toEqual([
    {
      claimNo: approved[0]!.value.claim!.claimNo,
      afterSaleNo: first.afterSaleNo,
      amountCents: 2500,
      status: ClaimStatus.Owed,
      userId: o.userId,
    },
  ]);
  expect(await statusesOf([first.afterSaleNo])).toEqual([RefundStatus.Approved]);
  expect(await approvalsOf(o.order.id)).toBe(1);
});

it('the two returns of one insured order approved at once, five taps each: one claim', async () => {
  const o = await anInsuredOrderReturned();
  const nos = o.returns.map((r) => r.afterSaleNo);
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) => approve(o, nos[i % 2]!)),
  );
  const approved = results
    .filter((r): r is PromiseFulfilledResult<AfterSaleView> => r.status === 'fulfilled')
    .map((r) => r.value);
  expect(approved.map((v) => v.afterSaleNo).sort()).toEqual([...nos].sort());
  expect(codesOf(results)).toEqual(Array.from({ length: 8 }, () => 43005));
  expect(await statusesOf(nos)).toEqual([RefundStatus.Approved, RefundStatus.Approved]);
  expect(await approvalsOf(o.order.id)).toBe(2);

  const claims = await claimsOf(o.order.id);
  expect(claims).toHaveLength(1);
  expect(claims[0]).toMatchObject({ amountCents: 1200, status: ClaimStatus.Owed });
  expect(nos).toContain(claims[0]!.afterSaleNo);
  // The approval that filed it reads it; the other reads none.
  const withClaim = approved.filter((v) => v.claim !== null);
  expect(withClaim.map((v) => [v.afterSaleNo, v.claim!.claimNo])).toEqual([
    [claims[0]!.afterSaleNo, claims[0]!.claimNo],
  ]);
});

it('returns of four insured orders approved at once: one claim each, none lost', async () => {
  const returned = [
    await anInsuredOrderReturned(),
    await anInsuredOrderReturned('remote'),
    await anInsuredOrderReturned(),
    await anInsuredOrderReturned('remote'),
  ];
  const results = await Promise.allSettled(
    returned.flatMap((o) => o.returns.map((r) => approve(o, r.afterSaleNo))),
  );
  expect(codesOf(results)).toEqual([]);
  const claims = await db
    .select({ orderId: insuranceClaims.orderId, amountCents: insuranceClaims.amountCents })
    .from(insuranceClaims)
    .where(
      inArray(
        insuranceClaims.orderId,
        returned.map((o) => o.order.id),
      ),
    )
    .orderBy(asc(insuranceClaims.orderId));
  expect(claims).toEqual(
    returned.map((o, i) => ({ orderId: o.order.id, amountCents: i % 2 === 0 ? 1200 : 2500 })),
  );
});
