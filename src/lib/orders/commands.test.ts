/**
 * The order commands after placing, on the embedded database with the real migrations: each
 * moves an order only from the statuses its transition allows, writes its event, gives stock back
 * when it cancels, and answers someone else's order as missing. The timers do the same on their
 * own, by the clock they are given.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  idempotencyKeys,
  logistics,
  orderEvents,
  afterSales,
  orderLines,
  orders,
  shops,
  skus,
} from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenAddress,
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
} from '#tests/fixtures/given.ts';
import { placeOrder, previewCheckout } from './place-order.server.ts';
import {
  cancelOrder,
  changeOrderAddress,
  confirmReceipt,
  hideOrder,
  shipOrder,
} from './commands.server.ts';
import { applyLineRefund } from '#lib/after-sales/line-refund.server.ts';
import { TIMEOUT_REASON, cancelOverdueOrders, completeDueOrders } from './timers.server.ts';
import { purgeIdempotencyKeys } from '#lib/platform/commands.server.ts';
import { OrderStatus, RefundStatus } from './status.ts';

const NOW = new Date('2026-11-21T04:00:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
});
afterAll(() => database.close());

let keys = 0;

/** A shop selling one product in two SKUs (stock 10 each), and a shopper with an address. */
async function givenShopWithShopper(now = NOW) {
  const shop = await givenShop(db);
  await db.update(shops).set({ autoCompleteDays: 7 }).where(eq(shops.id, shop.shopId));
  const sale = await givenSale(db, shop.shopId, { now });
  const product = await givenProduct(db, sale, { priceCents: 4990, skus: 2, stock: 10 });
  const shopper = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, shopper.id);
  return { shopId: shop.shopId, ownerId: shop.ownerId, product, shopper, address };
}
type Given = Awaited<ReturnType<typeof givenShopWithShopper>>;

/** Places an unpaid order of `quantity` pieces of the product's first SKU at `now`. */
async function anOrder(
  g: Given,
  options: { quantity?: number; now?: Date; skuIndex?: number } = {},
) {
  const now = options.now ?? NOW;
  const source = {
    shopId: g.shopId,
    userId: g.shopper.id,
    skuNo: g.product.skuNos[options.skuIndex ?? 0]!,
    quantity: options.quantity ?? 1,
    now,
  };
  const { quote } = await previewCheckout(db, source);
  const placed = await placeOrder(db, {
    ...source,
    addressId: g.address.id,
    quote,
    idempotencyKey: `command-key-${(keys += 1)}`,
  });
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, placed.orderNos[0]!));
  return order!;
}

async function orderAt(g: Given, status: OrderStatus, now = NOW) {
  const order = await anOrder(g, { now });
  if (status === OrderStatus.Shipped || status === OrderStatus.Completed) {
    await db.update(orders).set({ status: OrderStatus.Paid }).where(eq(orders.id, order.id));
    await shipOrder(db, {
      shopId: g.shopId,
      ownerId: g.ownerId,
      orderNo: order.orderNo,
      carrier: 'SF',
      company: '顺丰速运',
      trackingNo: `SF${order.id}`,
      now,
    });
    if (status === OrderStatus.Completed) {
      await confirmReceipt(db, {
        shopId: g.shopId,
        userId: g.shopper.id,
        orderNo: order.orderNo,
        now,
      });
    }
  } else if (status !== OrderStatus.AwaitingPayment) {
    // Payment is the next issue's: a paid order is written as the gateway would leave it.
    await db.update(orders).set({ status }).where(eq(orders.id, order.id));
  }
  return order;
}

const stockOf = async (g: Given, index = 0) =>
  (
    await db
      .select({ stock: skus.stock })
      .from(skus)
      .where(eq(skus.skuNo, g.product.skuNos[index]!))
  )[0]!.stock;

const statusOf = async (orderId: number) =>
  (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

const eventsOf = (orderId: number) =>
  db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));

const ref = (g: Given, orderNo: string, userId = g.shopper.id) => ({
  shopId: g.shopId,
  userId,
  orderNo,
  now: NOW,
});

describe('取消订单', () => {
  it('cancels an unpaid order once, gives its stock back and writes the event', async () => {
    const g = await givenShopWithShopper();
    const order = await anOrder(g, { quantity: 3 });
    expect(await stockOf(g)).toBe(7);
    await cancelOrder(db, { ...ref(g, order.orderNo), reason: '不想要了' });
    expect(await stockOf(g)).toBe(10);
    expect(await statusOf(order.id)).toMatchObject({
      status: OrderStatus.Cancelled,
      cancelReason: '不想要了',
      cancelledAt: NOW,
    });
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      kind: 'cancelled',
      actor: 'shopper',
      note: '不想要了',
      fromStatus: OrderStatus.AwaitingPayment,
      toStatus: OrderStatus.Cancelled,
    });
    await expect(
      cancelOrder(db, { ...ref(g, order.orderNo), reason: '不想要了' }),
    ).rejects.toMatchObject({ code: 41007 });
    expect(await stockOf(g)).toBe(10);
    expect((await eventsOf(order.id)).filter((e) => e.kind === 'cancelled')).toHaveLength(1);
  });

  it('refuses a paid, shipped or completed order', async () => {
    const g = await givenShopWithShopper();
    for (const status of [OrderStatus.Paid, OrderStatus.Shipped, OrderStatus.Completed]) {
      const order = await orderAt(g, status);
      await expect(
        cancelOrder(db, { ...ref(g, order.orderNo), reason: '不想要了' }),
      ).rejects.toMatchObject({ code: 41007 });
      expect((await statusOf(order.id)).status).toBe(status);
    }
  });
});

describe('someone else’s order', () => {
  it('is not found by any command, and nothing changes', async () => {
    const g = await givenShopWithShopper();
    const stranger = await givenMember(db, g.shopId);
    const strangerAddress = await givenAddress(db, stranger.id);
    const unpaid = await orderAt(g, OrderStatus.AwaitingPayment);
    const paid = await orderAt(g, OrderStatus.Paid);
    const shipped = await orderAt(g, OrderStatus.Shipped);
    const completed = await orderAt(g, OrderStatus.Completed);
    const [paidLine] = await db.select().from(orderLines).where(eq(orderLines.orderId, paid.id));
    const theirs = (orderNo: string) => ref(g, orderNo, stranger.id);
    const notFound = { code: 40411, message: '订单不存在' };

    await expect(
      cancelOrder(db, { ...theirs(unpaid.orderNo), reason: '不想要了' }),
    ).rejects.toMatchObject(notFound);
    await expect(
      applyLineRefund(db, { ...theirs(paid.orderNo), lineId: paidLine!.id, reason: '不想要了' }),
    ).rejects.toMatchObject(notFound);
    await expect(hideOrder(db, theirs(completed.orderNo))).rejects.toMatchObject(notFound);
    for (const [order, when] of [
      [unpaid, 'unpaid'],
      [paid, 'picking'],
    ] as const) {
      await expect(
        changeOrderAddress(db, { ...theirs(order.orderNo), addressId: strangerAddress.id, when }),
      ).rejects.toMatchObject(notFound);
    }
    await expect(confirmReceipt(db, theirs(shipped.orderNo))).rejects.toMatchObject(notFound);
    // Another shop's number is not found either, even for the right user.
    const elsewhere = await givenShopWithShopper();
    await expect(
      cancelOrder(db, { ...ref(elsewhere, unpaid.orderNo, g.shopper.id), reason: '不想要了' }),
    ).rejects.toMatchObject(notFound);
    await expect(
      shipOrder(db, {
        shopId: elsewhere.shopId,
        ownerId: elsewhere.ownerId,
        orderNo: paid.orderNo,
        carrier: 'SF',
        company: '顺丰速运',
        trackingNo: 'SF1',
      }),
    ).rejects.toMatchObject(notFound);
    await expect(
      cancelOrder(db, { ...ref(g, 'T404404404'), reason: '不想要了' }),
    ).rejects.toMatchObject(notFound);

    expect((await statusOf(unpaid.id)).status).toBe(OrderStatus.AwaitingPayment);
    expect((await statusOf(paid.id)).status).toBe(OrderStatus.Paid);
    expect((await statusOf(paid.id)).address).toMatchObject({ name: '张三' });
    expect((await statusOf(shipped.id)).status).toBe(OrderStatus.Shipped);
    expect((await statusOf(completed.id)).hiddenByUser).toBe(false);
    const [line] = await db.select().from(orderLines).where(eq(orderLines.id, paidLine!.id));
    expect(line!.refundStatus).toBeNull();
  });
});

describe('destroyOrderByC', () => {
  it('hides only a completed or cancelled order, once', async () => {
    const g = await givenShopWithShopper();
    for (const status of [OrderStatus.AwaitingPayment, OrderStatus.Paid, OrderStatus.Shipped]) {
      const order = await orderAt(g, status);
      await expect(hideOrder(db, ref(g, order.orderNo))).rejects.toMatchObject({ code: 41007 });
      expect((await statusOf(order.id)).hiddenByUser).toBe(false);
    }
    const completed = await orderAt(g, OrderStatus.Completed);
    const cancelled = await anOrder(g);
    await cancelOrder(db, { ...ref(g, cancelled.orderNo), reason: '不想要了' });
    for (const order of [completed, cancelled]) {
      await hideOrder(db, ref(g, order.orderNo));
      expect((await statusOf(order.id)).hiddenByUser).toBe(true);
      expect((await eventsOf(order.id)).at(-1)).toMatchObject({ kind: 'hidden', actor: 'shopper' });
      await expect(hideOrder(db, ref(g, order.orderNo))).rejects.toMatchObject({ code: 41007 });
    }
  });
});

describe('a new address before shipping', () => {
  it('changes an unpaid order’s address (unpaid) and a paid one’s (picking), nothing else', async () => {
    const g = await givenShopWithShopper();
    const other = await givenAddress(db, g.shopper.id, {
      name: '李四',
      detail: '文二路1号',
      isDefault: false,
    });
    const unpaid = await orderAt(g, OrderStatus.AwaitingPayment);
    const paid = await orderAt(g, OrderStatus.Paid);
    const shipped = await orderAt(g, OrderStatus.Shipped);
    const change = (orderNo: string, when: 'unpaid' | 'picking', addressId = other.id) =>
      changeOrderAddress(db, { ...ref(g, orderNo), addressId, when });

    await expect(change(unpaid.orderNo, 'picking')).rejects.toMatchObject({ code: 41007 });
    await expect(change(paid.orderNo, 'unpaid')).rejects.toMatchObject({ code: 41007 });
    await expect(change(shipped.orderNo, 'unpaid')).rejects.toMatchObject({ code: 41007 });
    await expect(change(shipped.orderNo, 'picking')).rejects.toMatchObject({ code: 41007 });
    // Someone else's address is no address of the shopper's.
    const stranger = await givenMember(db, g.shopId);
    const theirAddress = await givenAddress(db, stranger.id);
    await expect(change(unpaid.orderNo, 'unpaid', theirAddress.id)).rejects.toMatchObject({
      code: 41001,
    });
    expect((await statusOf(unpaid.id)).address).toMatchObject({ name: '张三' });

    await change(unpaid.orderNo, 'unpaid');
    await change(paid.orderNo, 'picking');
    for (const order of [unpaid, paid]) {
      expect((await statusOf(order.id)).address).toEqual({
        name: '李四',
        phone: '13800138000',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        detail: '文二路1号',
      });
      expect((await eventsOf(order.id)).at(-1)).toMatchObject({
        kind: 'address_changed',
        actor: 'shopper',
        note: '李四 浙江省杭州市西湖区文二路1号',
      });
    }
    expect((await statusOf(shipped.id)).address).toMatchObject({ name: '张三' });
  });
});

describe('发货 and 确认收货', () => {
  it('ships only a paid order, only by the shop’s owner, and completes it after autoCompleteDays', async () => {
    const g = await givenShopWithShopper();
    const unpaid = await orderAt(g, OrderStatus.AwaitingPayment);
    const paid = await orderAt(g, OrderStatus.Paid);
    const ship = (orderNo: string, ownerId = g.ownerId) =>
      shipOrder(db, {
        shopId: g.shopId,
        ownerId,
        orderNo,
        carrier: 'YTO',
        company: '圆通速递',
        trackingNo: 'YT123456789',
        now: NOW,
      });
    await expect(ship(unpaid.orderNo)).rejects.toMatchObject({ code: 41007 });
    const manager = await givenMember(db, g.shopId, { role: 4 });
    await expect(ship(paid.orderNo, manager.id)).rejects.toMatchObject({ code: 41010 });
    await expect(ship(paid.orderNo, g.shopper.id)).rejects.toMatchObject({ code: 41010 });
    // Anyone but the owner learns nothing of which order numbers exist.
    await expect(ship('T404404404', manager.id)).rejects.toMatchObject({ code: 41010 });
    await expect(ship('T404404404')).rejects.toMatchObject({ code: 40411 });
    expect((await statusOf(paid.id)).status).toBe(OrderStatus.Paid);

    await ship(paid.orderNo);
    expect(await statusOf(paid.id)).toMatchObject({
      status: OrderStatus.Shipped,
      shippedAt: NOW,
      autoCompleteAt: new Date(NOW.getTime() + 7 * DAY),
    });
    expect(await db.select().from(logistics).where(eq(logistics.orderId, paid.id))).toMatchObject([
      { carrier: 'YTO', company: '圆通速递', trackingNo: 'YT123456789' },
    ]);
    expect((await eventsOf(paid.id)).at(-1)).toMatchObject({
      kind: 'shipped',
      actor: 'shop',
      fromStatus: OrderStatus.Paid,
      toStatus: OrderStatus.Shipped,
    });
    await expect(ship(paid.orderNo)).rejects.toMatchObject({ code: 41007 });
    expect(await db.select().from(logistics).where(eq(logistics.orderId, paid.id))).toHaveLength(1);
  });

  it('confirms receipt of a shipped order only', async () => {
    const g = await givenShopWithShopper();
    for (const status of [OrderStatus.AwaitingPayment, OrderStatus.Paid]) {
      const order = await orderAt(g, status);
      await expect(confirmReceipt(db, ref(g, order.orderNo))).rejects.toMatchObject({
        code: 41007,
      });
    }
    const shipped = await orderAt(g, OrderStatus.Shipped);
    const later = new Date(NOW.getTime() + DAY);
    await confirmReceipt(db, { ...ref(g, shipped.orderNo), now: later });
    expect(await statusOf(shipped.id)).toMatchObject({
      status: OrderStatus.Completed,
      completedAt: later,
    });
    expect((await eventsOf(shipped.id)).at(-1)).toMatchObject({
      kind: 'completed',
      actor: 'shopper',
      fromStatus: OrderStatus.Shipped,
      toStatus: OrderStatus.Completed,
    });
    await expect(confirmReceipt(db, ref(g, shipped.orderNo))).rejects.toMatchObject({
      code: 41007,
    });
  });
});

describe('cancelOrderLine', () => {
  it('puts a line of a paid order under review; an unpaid order is cancelled whole', async () => {
    const g = await givenShopWithShopper();
    const unpaid = await orderAt(g, OrderStatus.AwaitingPayment);
    const lineOf = async (orderId: number) =>
      (await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)))[0]!;
    const refund = (orderNo: string, lineId: number) =>
      applyLineRefund(db, { ...ref(g, orderNo), lineId, reason: '尺码不合适' });

    await expect(refund(unpaid.orderNo, (await lineOf(unpaid.id)).id)).rejects.toMatchObject({
      code: 41008,
    });
    expect((await lineOf(unpaid.id)).refundStatus).toBeNull();

    const paid = await orderAt(g, OrderStatus.Paid);
    const line = await lineOf(paid.id);
    // A line of another order is not this order's.
    await expect(refund(paid.orderNo, (await lineOf(unpaid.id)).id)).rejects.toMatchObject({
      code: 40411,
    });
    await refund(paid.orderNo, line.id);
    expect((await lineOf(paid.id)).refundStatus).toBe(RefundStatus.UnderReview);
    expect((await eventsOf(paid.id)).at(-1)).toMatchObject({
      kind: 'refund_applied',
      actor: 'shopper',
    });
    await expect(refund(paid.orderNo, line.id)).rejects.toMatchObject({ code: 41007 });
    // A refused refund may be applied for again.
    await db
      .update(orderLines)
      .set({ refundStatus: RefundStatus.Failed })
      .where(eq(orderLines.id, line.id));
    await db
      .update(afterSales)
      .set({ status: RefundStatus.Failed })
      .where(eq(afterSales.orderLineId, line.id));
    await refund(paid.orderNo, line.id);
    expect((await lineOf(paid.id)).refundStatus).toBe(RefundStatus.UnderReview);

    for (const status of [OrderStatus.Shipped, OrderStatus.Completed]) {
      const order = await orderAt(g, status);
      await expect(refund(order.orderNo, (await lineOf(order.id)).id)).rejects.toMatchObject({
        code: 41007,
      });
      expect((await lineOf(order.id)).refundStatus).toBeNull();
    }
  });
});

describe('the timers', () => {
  /**
   * The timers sweep every shop: these tests run a month after the others, once the orders the
   * other tests left behind are swept, so every count below is of this test's orders.
   */
  const T = new Date(NOW.getTime() + 30 * DAY);
  beforeAll(async () => {
    await cancelOverdueOrders(db, T);
    await completeDueOrders(db, T);
  });

  it('cancel only unpaid orders past their deadline, once, with their stock back', async () => {
    const NOW = T;
    const g = await givenShopWithShopper(NOW);
    const early = await anOrder(g, { quantity: 2, now: NOW });
    const late = await anOrder(g, { quantity: 1, now: new Date(NOW.getTime() + 5 * MINUTE) });
    const paidEarly = await orderAt(g, OrderStatus.Paid, NOW);
    expect(await stockOf(g)).toBe(6);
    expect(early.payDeadline).toEqual(new Date(NOW.getTime() + 12 * MINUTE));

    // One second before the deadline nothing is due.
    expect(await cancelOverdueOrders(db, new Date(NOW.getTime() + 12 * MINUTE - 1_000))).toBe(0);
    const atDeadline = new Date(NOW.getTime() + 12 * MINUTE);
    expect(await cancelOverdueOrders(db, atDeadline)).toBe(1);
    expect(await statusOf(early.id)).toMatchObject({
      status: OrderStatus.Cancelled,
      cancelReason: TIMEOUT_REASON,
      cancelledAt: atDeadline,
    });
    expect((await statusOf(late.id)).status).toBe(OrderStatus.AwaitingPayment);
    expect((await statusOf(paidEarly.id)).status).toBe(OrderStatus.Paid);
    expect(await stockOf(g)).toBe(8);
    expect((await eventsOf(early.id)).at(-1)).toMatchObject({
      kind: 'cancelled',
      actor: 'timer',
      note: '超时未支付',
      fromStatus: OrderStatus.AwaitingPayment,
      toStatus: OrderStatus.Cancelled,
    });
    // Run again: nothing more to do.
    expect(await cancelOverdueOrders(db, atDeadline)).toBe(0);
    expect(await stockOf(g)).toBe(8);

    const afterLate = new Date(NOW.getTime() + 17 * MINUTE + 1);
    expect(await cancelOverdueOrders(db, afterLate)).toBe(1);
    expect((await statusOf(late.id)).status).toBe(OrderStatus.Cancelled);
    expect(await stockOf(g)).toBe(9);
    expect(
      (
        await db
          .select()
          .from(orderEvents)
          .where(inArray(orderEvents.orderId, [early.id, late.id]))
      ).filter((e) => e.kind === 'cancelled'),
    ).toHaveLength(2);
    // A shopper's cancel after the timer's is refused, and gives nothing back twice.
    await expect(
      cancelOrder(db, { ...ref(g, early.orderNo), reason: '不想要了' }),
    ).rejects.toMatchObject({ code: 41007 });
    expect(await stockOf(g)).toBe(9);
  });

  it('complete shipped orders whose time has come, once', async () => {
    const NOW = T;
    const g = await givenShopWithShopper(NOW);
    const shipped = await orderAt(g, OrderStatus.Shipped, NOW);
    const later = await orderAt(g, OrderStatus.Shipped, new Date(NOW.getTime() + 3_600_000));
    const confirmed = await orderAt(g, OrderStatus.Completed, NOW);
    const due = new Date(NOW.getTime() + 7 * DAY);
    expect(await completeDueOrders(db, new Date(due.getTime() - 1))).toBe(0);
    expect(await completeDueOrders(db, due)).toBe(1);
    expect(await statusOf(shipped.id)).toMatchObject({
      status: OrderStatus.Completed,
      completedAt: due,
    });
    expect((await eventsOf(shipped.id)).at(-1)).toMatchObject({
      kind: 'completed',
      actor: 'timer',
      fromStatus: OrderStatus.Shipped,
    });
    expect((await statusOf(later.id)).status).toBe(OrderStatus.Shipped);
    expect(await completeDueOrders(db, due)).toBe(0);
    expect((await eventsOf(confirmed.id)).filter((e) => e.kind === 'completed')).toHaveLength(1);
    expect(await completeDueOrders(db, new Date(due.getTime() + 3_600_000))).toBe(1);
    expect((await statusOf(later.id)).status).toBe(OrderStatus.Completed);
  });

  it('forget idempotency keys older than a day, so the key is free again', async () => {
    const g = await givenShopWithShopper();
    const scope = `createOrder:${g.shopper.id}`;
    await db.insert(idempotencyKeys).values([
      { scope, key: 'old-key-0001', result: {}, createdAt: new Date(NOW.getTime() - DAY - 1) },
      { scope, key: 'new-key-0001', result: {}, createdAt: new Date(NOW.getTime() - DAY + 1000) },
    ]);
    await purgeIdempotencyKeys(db, NOW);
    const left = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope)));
    expect(left.map((r) => r.key)).toEqual(['new-key-0001']);
  });
});
