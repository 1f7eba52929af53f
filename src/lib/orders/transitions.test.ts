/**
 * The one writer of an order's status on the embedded database with the real migrations: moves
 * along the transition table only, each with its event row; anything else throws.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { orderEvents, orders } from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenMember,
  givenOrder,
  givenProduct,
  givenSale,
  givenShop,
} from '#tests/fixtures/given.ts';
import { OrderStatus } from './status.ts';
import { closeWhenAllRefunded, markOrderPaid, moveOrder } from './transitions.server.ts';

const NOW = new Date('2026-11-21T04:00:00Z');

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
});
afterAll(() => database.close());

async function anOrder(status: OrderStatus) {
  const shop = await givenShop(db);
  await givenProduct(db, await givenSale(db, shop.shopId, { now: NOW }));
  const shopper = await givenMember(db, shop.shopId);
  return givenOrder(db, { shopId: shop.shopId, userId: shopper.id, status });
}

const rowOf = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventsOf = (id: number) =>
  db
    .select({
      kind: orderEvents.kind,
      from: orderEvents.fromStatus,
      to: orderEvents.toStatus,
      actor: orderEvents.actor,
      note: orderEvents.note,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(asc(orderEvents.id));

describe('moveOrder', () => {
  it('moves along the table, stamping the time and writing the event', async () => {
    const order = await anOrder(OrderStatus.Paid);
    const autoCompleteAt = new Date(NOW.getTime() + 7 * 86_400_000);
    await db.transaction((tx) =>
      moveOrder(tx, {
        orderId: order.id,
        to: OrderStatus.Shipped,
        actor: 'shop',
        reason: '顺丰速运 SF1',
        autoCompleteAt,
        now: NOW,
      }),
    );
    expect(await rowOf(order.id)).toMatchObject({
      status: OrderStatus.Shipped,
      shippedAt: NOW,
      autoCompleteAt,
    });
    expect(await eventsOf(order.id)).toEqual([
      { kind: 'shipped', from: 20, to: 30, actor: 'shop', note: '顺丰速运 SF1' },
    ]);
  });

  it('throws on a move the table does not allow, and changes nothing', async () => {
    const completed = await anOrder(OrderStatus.Completed);
    const unpaid = await anOrder(OrderStatus.AwaitingPayment);
    for (const [order, to] of [
      [completed, OrderStatus.Cancelled],
      [completed, OrderStatus.Paid],
      [unpaid, OrderStatus.Shipped],
      [unpaid, OrderStatus.Completed],
    ] as const) {
      await expect(
        db.transaction((tx) => moveOrder(tx, { orderId: order.id, to, actor: 'shop', now: NOW })),
      ).rejects.toMatchObject({ code: 41007 });
    }
    expect((await rowOf(completed.id)).status).toBe(OrderStatus.Completed);
    expect((await rowOf(unpaid.id)).status).toBe(OrderStatus.AwaitingPayment);
    expect(await eventsOf(completed.id)).toEqual([]);
  });
});

describe('markOrderPaid', () => {
  it('pays a waiting order once, at the gateway’s time; false for one that moved on', async () => {
    const order = await anOrder(OrderStatus.AwaitingPayment);
    const paidAt = new Date(NOW.getTime() - 5_000);
    const pay = () =>
      db.transaction((tx) =>
        markOrderPaid(tx, { orderId: order.id, paymentNo: 'P1', paidAt, now: NOW }),
      );
    expect(await pay()).toBe(true);
    expect(await pay()).toBe(false);
    expect(await rowOf(order.id)).toMatchObject({ status: OrderStatus.Paid, paidAt });
    expect(await eventsOf(order.id)).toEqual([
      { kind: 'paid', from: 10, to: 20, actor: 'gateway', note: 'P1' },
    ]);
  });
});

describe('closeWhenAllRefunded', () => {
  it('leaves an order alone while a line has no refund', async () => {
    for (const status of [OrderStatus.Paid, OrderStatus.Shipped]) {
      const order = await anOrder(status);
      expect(
        await db.transaction((tx) => closeWhenAllRefunded(tx, { orderId: order.id, now: NOW })),
      ).toBe(false);
      expect((await rowOf(order.id)).status).toBe(status);
    }
  });
});
