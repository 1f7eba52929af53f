/**
 * Paying, on the embedded database with the real migrations, through the real adapter and the
 * sandbox gateway in-process (tests/fixtures/payments.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { orders, paymentOrders, payments, refunds } from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenOrder,
  givenProduct,
  givenSale,
  givenShop,
  givenUser,
} from '#tests/fixtures/given.ts';
import { inProcessGateway, type InProcessGateway } from '#tests/fixtures/payments.ts';
import { sandboxConfirm } from './sandbox/gateway.server.ts';
import { createPayment } from './payments.server.ts';
import { OrderStatus } from '#lib/orders/status.ts';
import { PaymentStatus, RefundState } from './status.ts';
import { reconcilePayments } from './reconcile.server.ts';
import { cancelUnpaidOrder } from '#lib/orders/commands.server.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

let database: Database;
let db: Db;
let gateway: InProcessGateway;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
  gateway = await inProcessGateway(db);
});
afterAll(() => database.close());

async function anUnpaidOrder(priceCents = 1_990) {
  const shop = await givenShop(db);
  await givenProduct(db, await givenSale(db, shop.shopId));
  const buyer = await givenUser(db);
  const order = await givenOrder(db, { shopId: shop.shopId, userId: buyer.id, priceCents });
  return { shopId: shop.shopId, userId: buyer.id, ...order };
}

function open(o: { shopId: string; userId: number; orderNo: string }) {
  return createPayment(db, gateway, {
    shopId: o.shopId,
    userId: o.userId,
    orderNo: o.orderNo,
    channel: 'native',
    userAgent: DESKTOP,
    clientIp: '127.0.0.1',
    origin: 'http://shop.test',
    successUrl: (no) => `http://shop.test/success?paymentNo=${no}`,
  });
}

async function prepayIdOf(paymentNo: string): Promise<string> {
  const [row] = await db
    .select({
      prepayId: sql`(select prepay_id from sandbox_transactions where out_trade_no = ${paymentNo})`,
    })
    .from(payments)
    .limit(1);
  return String(row!.prepayId);
}

describe('a native payment', () => {
  it('is paid at the gateway, notified, and the order goes 10 → 20 once', async () => {
    const order = await anUnpaidOrder();
    const opened = await open(order);
    expect(opened).toMatchObject({ channel: 'native', payCents: 1_990 });
    expect(opened.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(opened.qrSvg).toContain('<svg');
    // Asking again reopens the same attempt.
    expect((await open(order)).paymentNo).toBe(opened.paymentNo);

    const confirmed = await sandboxConfirm(db, await prepayIdOf(opened.paymentNo));
    expect(confirmed.ok).toBe(true);
    expect(await gateway.deliver()).toBe(1);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe(OrderStatus.Paid);
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.paymentNo, opened.paymentNo));
    expect(payment!.status).toBe(PaymentStatus.Paid);
    expect((await reconcilePayments(db, gateway)).differences).toEqual([]);
  });

  it('arriving after its order was cancelled is refunded, and the order stays cancelled', async () => {
    const order = await anUnpaidOrder(2_500);
    const opened = await open(order);
    await cancelUnpaidOrder(db, {
      orderId: order.id,
      actor: 'shopper',
      reason: '不想要了',
      now: new Date(),
    });
    await sandboxConfirm(db, await prepayIdOf(opened.paymentNo));
    await gateway.deliver();
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe(OrderStatus.Cancelled);
    const [covered] = await db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderId, order.id));
    expect(covered!.outcome).toBe(2);
    // The refund is sent after the commit; the gateway then notifies that it succeeded.
    await expect
      .poll(async () => {
        await gateway.deliver();
        const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
        return refund?.status;
      })
      .toBe(RefundState.Succeeded);
    expect((await reconcilePayments(db, gateway)).differences).toEqual([]);
  });
});
