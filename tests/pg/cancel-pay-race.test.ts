/**
 * 取消订单 in one tab while 去支付 opens the payment in another, on a real PostgreSQL server
 * (found by the money model, tests/pg/money-model.test.ts). Opening a payment locks the checkout
 * and then adds its orders to the payment (whose foreign key takes a key-share lock on each
 * order); cancelling locks the order and then the checkout to give its coupon back. Locking the
 * order FOR UPDATE blocked that key-share lock, and the two waited for each other until
 * PostgreSQL killed one (deadlock detected: a 500 for the shopper). Each must now finish: the
 * payment opened (then closed by the sweep) or refused with a code, the order cancelled or not.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { orders } from '#lib/platform/db/schema.ts';
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { cancelOrder } from '#lib/orders/commands.server.ts';
import { createPayment } from '#lib/payments/payments.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import {
  givenAddress,
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
} from '../fixtures/given.ts';
import { inProcessGateway, type InProcessGateway } from '../fixtures/payments.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

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

/** A code the shop answers with is an outcome; anything else (a deadlock) is the defect. */
const outcome = (run: () => Promise<unknown>) =>
  run().then(
    () => 'done',
    (error: { code?: unknown; message?: string }) =>
      typeof error.code === 'number' ? `refused ${error.code}` : `failed: ${error.message}`,
  );

it('cancelling and opening the payment of one order at once both finish', async () => {
  const shop = await givenShop(db);
  const product = await givenProduct(db, await givenSale(db, shop.shopId), { stock: 100 });
  const buyer = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, buyer.id);
  const source = { shopId: shop.shopId, userId: buyer.id, skuNo: product.skuNos[0]!, quantity: 1 };
  for (let round = 0; round < 20; round += 1) {
    const { quote } = await previewCheckout(db, source);
    const placed = await placeOrder(db, {
      ...source,
      addressId: address.id,
      quote,
      idempotencyKey: `cancel-pay-race-${round}`,
    });
    const orderNo = placed.orderNos[0]!;
    const answers = await Promise.all([
      outcome(() => cancelOrder(db, { ...source, orderNo, reason: '不想要了' })),
      outcome(() =>
        createPayment(db, gateway, {
          shopId: shop.shopId,
          userId: buyer.id,
          orderNo,
          channel: 'native',
          userAgent: DESKTOP,
          clientIp: '127.0.0.1',
          origin: 'http://shop.test',
          successUrl: (no) => `http://shop.test/pay/success?paymentNo=${no}`,
        }),
      ),
    ]);
    expect(answers.filter((a) => a.startsWith('failed'))).toEqual([]);
    const [order] = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.orderNo, orderNo));
    // The shopper's cancel went through unless it was refused with a code.
    if (answers[0] === 'done') expect(order!.status).toBe(50);
  }
});
