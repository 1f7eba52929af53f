/**
 * 仅退款 and shipping on one order at the same moment, on a real PostgreSQL server: the shopper
 * applies for a refund without return as the owner ships. Exactly one of them wins, every time —
 * never a shipped order with a 仅退款 under review (approved, it would refund the whole line and
 * put back stock for goods that left). Each round runs the two commands in their own
 * transactions on the pool, all at once, and checks what the database holds afterwards.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { orderLines, orders, refunds, skus } from '#lib/platform/db/schema.ts';
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { shipOrder } from '#lib/orders/commands.server.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/status.ts';
import { createPayment } from '#lib/payments/payments.server.ts';
import { applyAfterSale, reviewAfterSale } from '#lib/after-sales/after-sales.server.ts';
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
const ROUNDS = 15;

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

let buyers = 0;

/** A shop selling one product of 10 pieces, and a buyer's paid order of one piece. */
async function aPaidOrder() {
  const shop = await givenShop(db);
  const product = await givenProduct(db, await givenSale(db, shop.shopId), {
    priceCents: 4_900,
    stock: 10,
  });
  const [sku] = await db
    .select({ id: skus.id, skuNo: skus.skuNo })
    .from(skus)
    .where(eq(skus.skuNo, product.skuNos[0]!));
  buyers += 1;
  const buyer = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, buyer.id);
  const source = { shopId: shop.shopId, userId: buyer.id, skuNo: sku!.skuNo, quantity: 1 };
  const { quote } = await previewCheckout(db, source);
  const placed = await placeOrder(db, {
    ...source,
    addressId: address.id,
    quote,
    idempotencyKey: `ship-race-${buyers}`,
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
  // Delivers the payment's notification (and any refund notices of earlier rounds).
  await gateway.deliver();
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.orderNo, orderNo));
  expect(order!.status).toBe(OrderStatus.Paid);
  const [line] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.orderId, order!.id));
  return {
    shopId: shop.shopId,
    ownerId: shop.ownerId,
    userId: buyer.id,
    skuId: sku!.id,
    orderId: order!.id,
    orderNo,
    lineId: line!.id,
  };
}

type Paid = Awaited<ReturnType<typeof aPaidOrder>>;

const applyRefund = (o: Paid) =>
  applyAfterSale(db, {
    shopId: o.shopId,
    userId: o.userId,
    orderNo: o.orderNo,
    lineId: o.lineId,
    kind: 'refund',
    reason: '不想要了',
    description: '',
    photoIds: [],
    auditChannel: 6,
  });

const ship = (o: Paid) =>
  shipOrder(db, {
    shopId: o.shopId,
    ownerId: o.ownerId,
    orderNo: o.orderNo,
    carrier: 'SF',
    company: '顺丰速运',
    trackingNo: `SF${o.orderNo}`,
  });

const codeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' ? ((result.reason as { code?: number }).code ?? result.reason) : 0;

it(`仅退款 applied as the owner ships, ${ROUNDS} times: exactly one wins each time`, async () => {
  const winners = { refund: 0, ship: 0 };
  for (let round = 0; round < ROUNDS; round += 1) {
    const o = await aPaidOrder();
    const [applied, shipped] = await Promise.allSettled([applyRefund(o), ship(o)]);
    const [order] = await db.select().from(orders).where(eq(orders.id, o.orderId));
    const [line] = await db.select().from(orderLines).where(eq(orderLines.id, o.lineId));

    expect([applied.status, shipped.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
    if (applied.status === 'fulfilled') {
      winners.refund += 1;
      // Shipping waits for the owner's decision on the refund.
      expect(codeOf(shipped)).toBe(41013);
      expect(order!.status).toBe(OrderStatus.Paid);
      expect(line!.refundStatus).toBe(RefundStatus.UnderReview);
      // Approved while the goods are here: refunded, stock back, the order closed.
      await reviewAfterSale(db, gateway, {
        shopId: o.shopId,
        ownerId: o.ownerId,
        afterSaleNo: applied.value.afterSaleNo,
        approve: true,
      });
      const [closed] = await db.select().from(orders).where(eq(orders.id, o.orderId));
      expect(closed!.status).toBe(OrderStatus.Cancelled);
      const [sku] = await db.select().from(skus).where(eq(skus.id, o.skuId));
      expect(sku!.stock).toBe(10);
    } else {
      winners.ship += 1;
      // Shipped first: only 退货退款 is left to the shopper.
      expect(codeOf(applied)).toBe(43003);
      expect(order!.status).toBe(OrderStatus.Shipped);
      expect(line!.refundStatus).toBeNull();
      const [sku] = await db.select().from(skus).where(eq(skus.id, o.skuId));
      expect(sku!.stock).toBe(9);
    }
  }
  expect(winners.refund + winners.ship).toBe(ROUNDS);
  // The approved refunds are sent after their commits: let them land before the pool closes.
  await expect
    .poll(async () => (await db.select().from(refunds).where(eq(refunds.status, 0))).length)
    .toBe(0);
}, 120_000);
