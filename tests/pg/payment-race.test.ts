/**
 * Paying under load on a real PostgreSQL server: the gateway's notification twenty times at
 * once is one paid transition; forged, altered or stale ones at once change nothing; money that
 * arrives for a cancelled order goes back once; ten owners' taps on 同意 make one refund at the
 * gateway; ten tabs opening one payment make one attempt. Every call runs its own transaction
 * on the pool, all at once, through the real adapter and the sandbox gateway in-process
 * (tests/fixtures/payments.ts); each test checks what the database holds afterwards.
 */
import { generateKeyPairSync } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  addresses,
  afterSales,
  gatewayNotifications,
  orderEvents,
  orderLines,
  orders,
  paymentOrders,
  payments,
  refunds,
  sandboxRefunds,
  sandboxTransactions,
  skus,
  users,
} from '#lib/platform/db/schema.ts';
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { cancelOrder } from '#lib/orders/commands.server.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/status.ts';
import { createPayment } from '#lib/payments/payments.server.ts';
import { receivePaymentNotification } from '#lib/payments/notify.server.ts';
import { retryOpenRefunds, sendRefund } from '#lib/payments/refunds.server.ts';
import { reconcilePayments } from '#lib/payments/reconcile.server.ts';
import { PaymentOrderOutcome, PaymentStatus, RefundState } from '#lib/payments/status.ts';
import { unixSeconds } from '#lib/payments/wechatpay/protocol.ts';
import { applyAfterSale, reviewAfterSale } from '#lib/after-sales/after-sales.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { givenProduct, givenSale, givenShop } from '../fixtures/given.ts';
import {
  handMadeNotification,
  inProcessGateway,
  payAtGateway,
  type InProcessGateway,
} from '../fixtures/payments.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const SUCCESS = { status: 200, body: { code: 'SUCCESS', message: '成功' } };
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

let phones = 0;

/** A shop selling one product of `stock` pieces, and a buyer with an address who ordered `quantity`. */
async function aPlacedOrder(quantity = 2, stock = 10) {
  const shop = await givenShop(db);
  const product = await givenProduct(db, await givenSale(db, shop.shopId), {
    priceCents: 4_900,
    stock,
  });
  const [sku] = await db
    .select({ id: skus.id, skuNo: skus.skuNo })
    .from(skus)
    .where(eq(skus.skuNo, product.skuNos[0]!));
  phones += 1;
  const [buyer] = await db
    .insert(users)
    .values({ phone: `136${String(phones).padStart(8, '0')}`, nickname: `买家${phones}` })
    .returning({ id: users.id });
  const [address] = await db
    .insert(addresses)
    .values({
      userId: buyer!.id,
      name: '张三',
      phone: '13800138000',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路138号',
      isDefault: true,
    })
    .returning({ id: addresses.id });
  const source = { shopId: shop.shopId, userId: buyer!.id, skuNo: sku!.skuNo, quantity };
  const { quote } = await previewCheckout(db, source);
  const placed = await placeOrder(db, {
    ...source,
    addressId: address!.id,
    quote,
    idempotencyKey: `pay-race-${phones}`,
  });
  const [order] = await db
    .select({ id: orders.id, orderNo: orders.orderNo, payCents: orders.payCents })
    .from(orders)
    .where(eq(orders.orderNo, placed.orderNos[0]!));
  return {
    shopId: shop.shopId,
    ownerId: shop.ownerId,
    userId: buyer!.id,
    skuId: sku!.id,
    ...order!,
  };
}

function openPayment(order: { shopId: string; userId: number; orderNo: string }) {
  return createPayment(db, gateway, {
    shopId: order.shopId,
    userId: order.userId,
    orderNo: order.orderNo,
    channel: 'native',
    userAgent: DESKTOP,
    clientIp: '127.0.0.1',
    origin: 'http://shop.test',
    successUrl: (no) => `http://shop.test/pay/success?paymentNo=${no}`,
  });
}

const stockOf = async (skuId: number) =>
  (await db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, skuId)))[0]!.stock;
const paymentOf = async (paymentNo: string) =>
  (await db.select().from(payments).where(eq(payments.paymentNo, paymentNo)))[0]!;
const orderOf = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventKinds = async (orderId: number) =>
  (
    await db
      .select({ kind: orderEvents.kind })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.id)
  ).map((e) => e.kind);
const gatewayRefundsOf = (paymentNo: string) =>
  db
    .select({ outRefundNo: sandboxRefunds.outRefundNo, refundCents: sandboxRefunds.refundCents })
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.outTradeNo, paymentNo));

it('the same payment notification twenty times at once: one paid transition, twenty successes', async () => {
  const order = await aPlacedOrder();
  const opened = await openPayment(order);
  const paid = await payAtGateway(db, opened.paymentNo);
  const note = await handMadeNotification(db, { resource: paid });

  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      receivePaymentNotification(db, gateway, note.headers, note.body),
    ),
  );
  expect(answers).toEqual(Array.from({ length: 20 }, () => SUCCESS));

  expect(await eventKinds(order.id)).toEqual(['created', 'paid']);
  expect(await orderOf(order.id)).toMatchObject({
    status: OrderStatus.Paid,
    paidAt: new Date(paid.success_time!),
  });
  expect(await paymentOf(opened.paymentNo)).toMatchObject({
    status: PaymentStatus.Paid,
    transactionId: paid.transaction_id,
    refundedCents: 0,
  });
  expect(
    await db
      .select({ outcome: paymentOrders.outcome })
      .from(paymentOrders)
      .where(eq(paymentOrders.orderId, order.id)),
  ).toEqual([{ outcome: PaymentOrderOutcome.PaidOrder }]);
  expect(
    await db
      .select({ id: gatewayNotifications.id })
      .from(gatewayNotifications)
      .where(eq(gatewayNotifications.subject, opened.paymentNo)),
  ).toEqual([{ id: note.id }]);
  expect(await db.select({ n }).from(refunds).where(eq(refunds.orderId, order.id))).toEqual([
    { n: 0 },
  ]);

  // The sandbox's own copy, delivered late, changes nothing either.
  expect(await gateway.deliver()).toBe(1);
  expect(await eventKinds(order.id)).toEqual(['created', 'paid']);
});

it('a changed amount, a bad signature and an old timestamp, twenty at once: nothing changes', async () => {
  const order = await aPlacedOrder();
  const opened = await openPayment(order);
  const paid = await payAtGateway(db, opened.paymentNo);
  const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const changed = { ...paid, amount: { ...paid.amount, total: 1, payer_total: 1 } };
  const notes = await Promise.all(
    Array.from({ length: 21 }, (_, i) =>
      i % 3 === 0
        ? handMadeNotification(db, { resource: changed })
        : i % 3 === 1
          ? handMadeNotification(db, { resource: paid, signingKey: forger })
          : handMadeNotification(db, { resource: paid, timestamp: unixSeconds() - 6 * 60 }),
    ),
  );
  const before = {
    payment: await paymentOf(opened.paymentNo),
    order: await orderOf(order.id),
    stock: await stockOf(order.skuId),
  };

  const answers = await Promise.all(
    notes.map((note) => receivePaymentNotification(db, gateway, note.headers, note.body)),
  );
  expect(answers.map((a) => `${a.status} ${a.body.code} ${a.body.message}`)).toEqual(
    Array.from({ length: 21 }, (_, i) =>
      i % 3 === 0
        ? '400 FAIL 订单信息不一致'
        : i % 3 === 1
          ? '401 FAIL 签名验证失败'
          : '401 FAIL 通知已过期',
    ),
  );
  expect(await paymentOf(opened.paymentNo)).toEqual(before.payment);
  expect(before.payment.status).toBe(PaymentStatus.Created);
  expect(await orderOf(order.id)).toEqual(before.order);
  expect(before.order.status).toBe(OrderStatus.AwaitingPayment);
  expect(await stockOf(order.skuId)).toBe(before.stock);
  expect(await eventKinds(order.id)).toEqual(['created']);
  expect(
    await db
      .select({ n })
      .from(gatewayNotifications)
      .where(eq(gatewayNotifications.subject, opened.paymentNo)),
  ).toEqual([{ n: 0 }]);

  // The genuine notification still pays it: the refusals were about the notifications alone.
  expect(await gateway.deliver()).toBe(1);
  expect((await orderOf(order.id)).status).toBe(OrderStatus.Paid);
});

it('a payment that lands after the order was cancelled is refunded once; the order stays cancelled', async () => {
  const order = await aPlacedOrder(3, 10);
  expect(await stockOf(order.skuId)).toBe(7);
  const opened = await openPayment(order);
  await cancelOrder(db, { ...order, reason: '不想要了' });
  expect(await stockOf(order.skuId)).toBe(10);
  const paid = await payAtGateway(db, opened.paymentNo);
  const note = await handMadeNotification(db, { resource: paid });

  // The notification, several copies at once, while the refund timer runs too.
  const answers = await Promise.all([
    ...Array.from({ length: 5 }, () =>
      receivePaymentNotification(db, gateway, note.headers, note.body),
    ),
    gateway.deliver().then(() => SUCCESS),
  ]);
  expect(answers).toEqual(Array.from({ length: 6 }, () => SUCCESS));
  await expect
    .poll(async () => {
      await retryOpenRefunds(db, gateway, new Date(Date.now() + 2 * 60_000));
      await gateway.deliver();
      return (await db.select().from(refunds).where(eq(refunds.orderId, order.id))).map((r) => [
        r.refundNo,
        r.cause,
        r.amountCents,
        r.status,
      ]);
    })
    .toEqual([
      [`RL${opened.paymentNo}-${order.id}`, 'late_payment', order.payCents, RefundState.Succeeded],
    ]);

  expect(await gatewayRefundsOf(opened.paymentNo)).toEqual([
    { outRefundNo: `RL${opened.paymentNo}-${order.id}`, refundCents: order.payCents },
  ]);
  expect(await orderOf(order.id)).toMatchObject({
    status: OrderStatus.Cancelled,
    cancelReason: '不想要了',
    paidAt: null,
  });
  expect(await paymentOf(opened.paymentNo)).toMatchObject({
    status: PaymentStatus.Paid,
    refundedCents: order.payCents,
  });
  expect(await stockOf(order.skuId)).toBe(10);
  expect(await eventKinds(order.id)).toEqual([
    'created',
    'cancelled',
    'late_payment_refunded',
    'refunded',
  ]);
});

it('ten concurrent approvals of one after-sale: one approval, one refund, one refund at the gateway', async () => {
  const order = await aPlacedOrder(2, 10);
  const opened = await openPayment(order);
  await payAtGateway(db, opened.paymentNo);
  expect(await gateway.deliver()).toBe(1);
  expect((await orderOf(order.id)).status).toBe(OrderStatus.Paid);
  expect(await stockOf(order.skuId)).toBe(8);
  const [line] = await db
    .select({ id: orderLines.id, paidCents: orderLines.paidCents })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  const applied = await applyAfterSale(db, {
    shopId: order.shopId,
    userId: order.userId,
    orderNo: order.orderNo,
    lineId: line!.id,
    kind: 'refund',
    reason: '拍错了',
    description: '',
    photoIds: [],
    auditChannel: 6,
  });

  const results = await Promise.allSettled(
    Array.from({ length: 10 }, () =>
      reviewAfterSale(db, gateway, {
        shopId: order.shopId,
        ownerId: order.ownerId,
        afterSaleNo: applied.afterSaleNo,
        approve: true,
      }),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const refused = results
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map((r) => (r.reason as { code?: number; message: string }).code ?? r.reason);
  expect(refused).toEqual(Array.from({ length: 9 }, () => 43005));

  const [afterSale] = await db
    .select({ id: afterSales.id, status: afterSales.status })
    .from(afterSales)
    .where(eq(afterSales.afterSaleNo, applied.afterSaleNo));
  expect(afterSale!.status).toBe(RefundStatus.Approved);
  const saved = await db.select().from(refunds).where(eq(refunds.afterSaleId, afterSale!.id));
  expect(saved.map((r) => [r.refundNo, r.amountCents])).toEqual([
    [`RA${applied.afterSaleNo}`, line!.paidCents],
  ]);

  // The refund is sent after the commit; sent again ten times at once it is still one.
  await Promise.all([
    ...Array.from({ length: 10 }, () => sendRefund(db, gateway, saved[0]!.id)),
    retryOpenRefunds(db, gateway, new Date(Date.now() + 2 * 60_000)),
  ]);
  await expect
    .poll(async () => {
      await gateway.deliver();
      return (await db.select().from(refunds).where(eq(refunds.id, saved[0]!.id)))[0]!.status;
    })
    .toBe(RefundState.Succeeded);
  expect(await gatewayRefundsOf(opened.paymentNo)).toEqual([
    { outRefundNo: `RA${applied.afterSaleNo}`, refundCents: line!.paidCents },
  ]);
  expect(await paymentOf(opened.paymentNo)).toMatchObject({ refundedCents: line!.paidCents });
  // The stock came back once, and the order (its only line refunded) was cancelled once.
  expect(await stockOf(order.skuId)).toBe(10);
  expect(await orderOf(order.id)).toMatchObject({
    status: OrderStatus.Cancelled,
    cancelReason: '全部退款',
  });
  expect(await eventKinds(order.id)).toEqual([
    'created',
    'paid',
    'refund_applied',
    'refund_approved',
    'cancelled',
    'refunded',
  ]);
});

it('ten tabs opening one payment at once: one attempt, one transaction at the gateway', async () => {
  const order = await aPlacedOrder();
  const opened = await Promise.all(Array.from({ length: 10 }, () => openPayment(order)));
  expect(new Set(opened.map((o) => o.paymentNo)).size).toBe(1);
  expect(new Set(opened.map((o) => o.codeUrl)).size).toBe(1);
  expect(opened.every((o) => o.payCents === order.payCents)).toBe(true);
  const attempts = await db
    .select({ paymentNo: payments.paymentNo, amountCents: payments.amountCents })
    .from(paymentOrders)
    .innerJoin(payments, eq(payments.id, paymentOrders.paymentId))
    .where(eq(paymentOrders.orderId, order.id));
  expect(attempts).toEqual([{ paymentNo: opened[0]!.paymentNo, amountCents: order.payCents }]);
  expect(
    await db
      .select({ totalCents: sandboxTransactions.totalCents })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.outTradeNo, opened[0]!.paymentNo)),
  ).toEqual([{ totalCents: order.payCents }]);
});

it('after all of it the gateway and the shop agree', async () => {
  await expect
    .poll(async () => {
      await gateway.deliver(new Date(Date.now() + 20_000));
      return (await reconcilePayments(db, gateway)).differences;
    })
    .toEqual([]);
  const open = await db
    .select({ n })
    .from(refunds)
    .where(inArray(refunds.status, [RefundState.Requested, RefundState.Processing]));
  expect(open).toEqual([{ n: 0 }]);
  expect(
    await db
      .select({ n })
      .from(payments)
      .where(and(eq(payments.status, PaymentStatus.Paid), sql`${payments.transactionId} is null`)),
  ).toEqual([{ n: 0 }]);
});
