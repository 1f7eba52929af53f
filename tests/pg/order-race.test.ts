/**
 * Orders under load on a real PostgreSQL server (DESIGN "Growing past one machine": races are
 * settled inside PostgreSQL). Every call runs its own transaction on the pool, all at once:
 * the last piece is sold once, one idempotency key makes one order, a cancel gives stock back
 * once, the unpaid-order sweeper run by four processes cancels each order once, and checkouts
 * taking the same SKUs in opposite orders never deadlock. Each test checks what the database
 * holds afterwards, not only the answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  addresses,
  cartItems,
  idempotencyKeys,
  orderEvents,
  orderGroups,
  orderLines,
  orders,
  shopMembers,
  skus,
  users,
} from '#lib/platform/db/schema.ts';
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { cancelOrder, cancelUnpaidOrder } from '#lib/orders/commands.server.ts';
import { OrderStatus } from '#lib/orders/status.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { givenProduct, givenSale, givenShop } from '../fixtures/given.ts';

let database: Database;
let db: Db;
let sweepers: Sweeper[];
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
  db = database.db;
  // Four sweeper processes start now, while the other tests run, and wait for the last one.
  sweepers = Array.from({ length: 4 }, startSweeper);
});
afterAll(async () => {
  for (const { child } of sweepers) if (child.exitCode === null) child.kill();
  await database.close();
});

interface Sweeper {
  child: ChildProcess;
  ready: Promise<void>;
  done: Promise<number>;
}

/** A node process that will run cancelOverdueOrders once (sweep-unpaid.child.ts). */
function startSweeper(): Sweeper {
  const child = spawn(process.execPath, ['tests/pg/sweep-unpaid.child.ts', TEST_DATABASE_URL], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let onReady = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('ready\n')) onReady();
  });
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => {
      const match = /cancelled (\d+)/.exec(out);
      if (code === 0 && match) resolve(Number(match[1]));
      else reject(new Error(`A sweeper exited with ${code}:\n${out}\n${err}`));
    });
  });
  // A sweeper that dies before it is ready fails the wait for it too.
  return { child, ready: Promise.race([ready, done.then(() => {})]), done };
}

/** Tells every sweeper, once all are connected, to sweep at `at`; answers what each cancelled. */
async function sweep(all: Sweeper[], at: Date): Promise<number[]> {
  await Promise.all(all.map((s) => s.ready));
  for (const { child } of all) child.stdin!.end(`${at.toISOString()}\n`);
  return Promise.all(all.map((s) => s.done));
}

const MINUTE = 60_000;
let phones = 0;

/** A shop of its own with a running sale selling one product in `skus` SKUs of `stock` each. */
async function givenRaceShop(stock: number, skuCount = 1) {
  const shop = await givenShop(db);
  const sale = await givenSale(db, shop.shopId);
  const product = await givenProduct(db, sale, { priceCents: 12_900, stock, skus: skuCount });
  const skuRows = await db
    .select({ id: skus.id, skuNo: skus.skuNo })
    .from(skus)
    .where(inArray(skus.skuNo, product.skuNos))
    .orderBy(skus.id);
  return { shopId: shop.shopId, skus: skuRows };
}

/** `n` consumers of the shop, each with a default address, written in three statements. */
async function givenShoppers(shopId: string, n: number) {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, () => {
        phones += 1;
        return { phone: `135${String(phones).padStart(8, '0')}`, nickname: `买家${phones}` };
      }),
    )
    .returning({ id: users.id });
  await db.insert(shopMembers).values(rows.map(({ id }) => ({ shopId, userId: id })));
  const saved = await db
    .insert(addresses)
    .values(
      rows.map(({ id }) => ({
        userId: id,
        name: '张三',
        phone: '13800138000',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        detail: '文三路138号',
        isDefault: true,
      })),
    )
    .returning({ id: addresses.id, userId: addresses.userId });
  return saved.map((a) => ({ userId: a.userId, addressId: a.id }));
}

const stockOf = async (skuId: number) =>
  (await db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, skuId)))[0]!.stock;

const count = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
const n = sql<number>`count(*)::int`;

function rejections(results: PromiseSettledResult<unknown>[]) {
  return results
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map((r) => r.reason as Error & { code?: number; cause?: { code?: string } });
}

it('fifty shoppers ordering the last piece at once: one order, stock 0, 49 refused 库存不足', async () => {
  const shop = await givenRaceShop(1);
  const sku = shop.skus[0]!;
  const buyers = await givenShoppers(shop.shopId, 50);
  const source = { shopId: shop.shopId, skuNo: sku.skuNo, quantity: 1 };
  const { quote } = await previewCheckout(db, { ...source, userId: buyers[0]!.userId });

  const results = await Promise.allSettled(
    buyers.map((buyer, i) =>
      placeOrder(db, {
        ...source,
        userId: buyer.userId,
        addressId: buyer.addressId,
        quote,
        idempotencyKey: `last-piece-${i}`,
      }),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const refused = rejections(results);
  expect(refused).toHaveLength(49);
  expect(refused.map((e) => e.message)).toEqual(Array.from({ length: 49 }, () => '库存不足'));

  expect(await stockOf(sku.id)).toBe(0);
  expect(await count(db.select({ n }).from(orders).where(eq(orders.shopId, shop.shopId)))).toBe(1);
  expect(
    await count(db.select({ n }).from(orderGroups).where(eq(orderGroups.shopId, shop.shopId))),
  ).toBe(1);
  const [sold] = await db
    .select({ pieces: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .where(eq(orderLines.skuId, sku.id));
  expect(sold!.pieces).toBe(1);
  // The refused attempts left no idempotency key behind: a retry may still order.
  expect(
    await count(
      db
        .select({ n })
        .from(idempotencyKeys)
        .where(sql`${idempotencyKeys.key} like 'last-piece-%'`),
    ),
  ).toBe(1);
});

it('twenty concurrent submits with one idempotency key: one order group, twenty equal answers', async () => {
  const shop = await givenRaceShop(10);
  const sku = shop.skus[0]!;
  const [buyer] = await givenShoppers(shop.shopId, 1);
  const source = { shopId: shop.shopId, userId: buyer!.userId, skuNo: sku.skuNo, quantity: 2 };
  const { quote } = await previewCheckout(db, source);
  const input = {
    ...source,
    addressId: buyer!.addressId,
    remark: '同一次提交',
    quote,
    idempotencyKey: 'one-key-twenty-taps',
  };

  const results = await Promise.allSettled(Array.from({ length: 20 }, () => placeOrder(db, input)));
  expect(rejections(results)).toEqual([]);
  const answers = results.map((r) => (r as PromiseFulfilledResult<unknown>).value);
  expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);

  const groups = await db
    .select({ groupNo: orderGroups.groupNo })
    .from(orderGroups)
    .where(eq(orderGroups.userId, buyer!.userId));
  expect(groups).toEqual([{ groupNo: (answers[0] as { groupNo: string }).groupNo }]);
  expect(await count(db.select({ n }).from(orders).where(eq(orders.userId, buyer!.userId)))).toBe(
    1,
  );
  expect(await stockOf(sku.id)).toBe(8);
  expect(
    await count(
      db.select({ n }).from(idempotencyKeys).where(eq(idempotencyKeys.key, input.idempotencyKey)),
    ),
  ).toBe(1);
});

it('one key sent at once with two bodies: one body orders, the other is refused as a reused key', async () => {
  const shop = await givenRaceShop(10);
  const sku = shop.skus[0]!;
  const [buyer] = await givenShoppers(shop.shopId, 1);
  const source = { shopId: shop.shopId, userId: buyer!.userId, skuNo: sku.skuNo, quantity: 1 };
  const { quote } = await previewCheckout(db, source);
  const input = { ...source, addressId: buyer!.addressId, quote, idempotencyKey: 'two-bodies' };
  // First ten submits whose quote is stale: each fails and leaves the key free for the next.
  const stale = await Promise.allSettled(
    Array.from({ length: 10 }, () => placeOrder(db, { ...input, quote: 'stale-quote-000' })),
  );
  expect(rejections(stale).map((e) => e.code)).toEqual(Array.from({ length: 10 }, () => 41003));
  expect(
    await count(
      db.select({ n }).from(idempotencyKeys).where(eq(idempotencyKeys.key, 'two-bodies')),
    ),
  ).toBe(0);

  const results = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) =>
      placeOrder(db, { ...input, remark: i % 2 ? '放门口' : '打电话' }),
    ),
  );
  const ordered = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i % 2] : []));
  // Every submit with the winning body gets the order; every other one is refused.
  expect(ordered).toHaveLength(10);
  expect(new Set(ordered).size).toBe(1);
  expect(rejections(results).map((e) => e.code)).toEqual(Array.from({ length: 10 }, () => 41005));
  expect(await count(db.select({ n }).from(orders).where(eq(orders.userId, buyer!.userId)))).toBe(
    1,
  );
  expect(await stockOf(sku.id)).toBe(9);
});

it('ten concurrent cancels of one order give its stock back once', async () => {
  const shop = await givenRaceShop(10, 2);
  const [a, b] = shop.skus as [(typeof shop.skus)[0], (typeof shop.skus)[0]];
  const [buyer] = await givenShoppers(shop.shopId, 1);
  await db.insert(cartItems).values([
    { shopId: shop.shopId, userId: buyer!.userId, skuId: b.id, quantity: 2 },
    { shopId: shop.shopId, userId: buyer!.userId, skuId: a.id, quantity: 3 },
  ]);
  const source = { shopId: shop.shopId, userId: buyer!.userId };
  const { quote } = await previewCheckout(db, source);
  const placed = await placeOrder(db, {
    ...source,
    addressId: buyer!.addressId,
    quote,
    idempotencyKey: 'to-be-cancelled',
  });
  expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([7, 8]);
  const orderNo = placed.orderNos[0]!;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderNo, orderNo));

  const results = await Promise.allSettled(
    Array.from({ length: 10 }, () => cancelOrder(db, { ...source, orderNo, reason: '不想要了' })),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  expect(rejections(results).map((e) => e.code)).toEqual(Array.from({ length: 9 }, () => 41007));

  expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 10]);
  const [after] = await db.select().from(orders).where(eq(orders.id, order!.id));
  expect(after).toMatchObject({ status: OrderStatus.Cancelled, cancelReason: '不想要了' });
  expect(
    await count(
      db
        .select({ n })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.kind, 'cancelled'))),
    ),
  ).toBe(1);
});

it('the shopper and the timer cancelling one order at once: cancelled once, stock back once', async () => {
  const shop = await givenRaceShop(10);
  const sku = shop.skus[0]!;
  const [buyer] = await givenShoppers(shop.shopId, 1);
  const source = { shopId: shop.shopId, userId: buyer!.userId, skuNo: sku.skuNo, quantity: 4 };
  const { quote } = await previewCheckout(db, source);
  const placed = await placeOrder(db, {
    ...source,
    addressId: buyer!.addressId,
    quote,
    idempotencyKey: 'shopper-or-timer',
  });
  const orderNo = placed.orderNos[0]!;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderNo, orderNo));
  const now = new Date(Date.now() + 13 * MINUTE);
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0
        ? cancelOrder(db, { ...source, orderNo, reason: '不想要了', now })
        : cancelUnpaidOrder(db, { orderId: order!.id, actor: 'timer', reason: '超时未支付', now }),
    ),
  );
  const won = results.filter((r) => r.status === 'fulfilled' && r.value !== false);
  expect(won).toHaveLength(1);
  expect(await stockOf(sku.id)).toBe(10);
  const events = await db
    .select({ actor: orderEvents.actor })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.kind, 'cancelled')));
  expect(events).toHaveLength(1);
});

it('checkouts taking two SKUs in opposite cart orders at once never deadlock', async () => {
  const stock = 1_000;
  const shop = await givenRaceShop(stock, 2);
  const [a, b] = shop.skus as [(typeof shop.skus)[0], (typeof shop.skus)[0]];
  const pairs = 5;
  const rounds = 4;
  const buyers = await givenShoppers(shop.shopId, pairs * 2);
  let placedCount = 0;
  for (let round = 0; round < rounds; round += 1) {
    // Half the buyers put A then B in the cart, the other half B then A (cart lines are ordered
    // by their id, so the first statement's lines come first).
    const line = (buyer: (typeof buyers)[0], skuId: number) => ({
      shopId: shop.shopId,
      userId: buyer.userId,
      skuId,
      quantity: 1,
    });
    await db.insert(cartItems).values(buyers.map((buyer, i) => line(buyer, i % 2 ? b.id : a.id)));
    await db.insert(cartItems).values(buyers.map((buyer, i) => line(buyer, i % 2 ? a.id : b.id)));
    const quotes = await Promise.all(
      buyers.map(
        async (buyer) =>
          (await previewCheckout(db, { shopId: shop.shopId, userId: buyer.userId })).quote,
      ),
    );
    const results = await Promise.allSettled(
      buyers.map((buyer, i) =>
        placeOrder(db, {
          shopId: shop.shopId,
          userId: buyer.userId,
          addressId: buyer.addressId,
          quote: quotes[i]!,
          idempotencyKey: `opposite-${round}-${i}`,
        }),
      ),
    );
    // A deadlock would be refused by PostgreSQL with 40P01 (deadlock_detected).
    expect(rejections(results).map((e) => e.cause?.code ?? e.message)).toEqual([]);
    placedCount += results.length;
  }
  expect(placedCount).toBe(pairs * 2 * rounds);
  expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([
    stock - placedCount,
    stock - placedCount,
  ]);
  const sold = await db
    .select({ skuId: orderLines.skuId, pieces: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(inArray(orderLines.skuId, [a.id, b.id]))
    .groupBy(orderLines.skuId)
    .orderBy(orderLines.skuId);
  expect(sold).toEqual([
    { skuId: a.id, pieces: placedCount },
    { skuId: b.id, pieces: placedCount },
  ]);
  expect(
    await count(db.select({ n }).from(cartItems).where(eq(cartItems.shopId, shop.shopId))),
  ).toBe(0);
});

it('the unpaid-order sweeper run by four processes at once cancels each overdue order once', async () => {
  const shop = await givenRaceShop(100, 2);
  const [a, b] = shop.skus as [(typeof shop.skus)[0], (typeof shop.skus)[0]];
  const buyers = await givenShoppers(shop.shopId, 33);
  const placedAt = new Date();
  // 30 orders placed now (overdue at the sweep), 3 placed ten minutes later (not yet due).
  const placeFor = async (buyer: (typeof buyers)[0], i: number) => {
    const now = i < 30 ? placedAt : new Date(placedAt.getTime() + 10 * MINUTE);
    await db.insert(cartItems).values([
      { shopId: shop.shopId, userId: buyer.userId, skuId: i % 2 ? a.id : b.id, quantity: 1 },
      { shopId: shop.shopId, userId: buyer.userId, skuId: i % 2 ? b.id : a.id, quantity: 2 },
    ]);
    const source = { shopId: shop.shopId, userId: buyer.userId, now };
    const { quote } = await previewCheckout(db, source);
    return placeOrder(db, {
      ...source,
      addressId: buyer.addressId,
      quote,
      idempotencyKey: `sweep-${i}`,
    });
  };
  const placed = await Promise.all(buyers.map(placeFor));
  // Even buyers take 2 of A and 1 of B, odd ones 1 of A and 2 of B: 17 even and 16 odd.
  expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([100 - 50, 100 - 49]);
  const ids = (
    await db
      .select({ id: orders.id, orderNo: orders.orderNo })
      .from(orders)
      .where(eq(orders.shopId, shop.shopId))
  ).map((o) => o.id);
  expect(ids).toHaveLength(33);

  const at = new Date(placedAt.getTime() + 12 * MINUTE + 1_000);
  // The sweeper takes every shop's overdue orders: other tests may have left some too.
  const due = await count(
    db
      .select({ n })
      .from(orders)
      .where(and(eq(orders.status, OrderStatus.AwaitingPayment), lte(orders.payDeadline, at))),
  );
  expect(due).toBeGreaterThanOrEqual(30);

  const counts = await sweep(sweepers, at);
  expect(counts.reduce((x, y) => x + y, 0)).toBe(due);

  const byStatus = await db
    .select({ status: orders.status, n })
    .from(orders)
    .where(eq(orders.shopId, shop.shopId))
    .groupBy(orders.status)
    .orderBy(orders.status);
  expect(byStatus).toEqual([
    { status: OrderStatus.AwaitingPayment, n: 3 },
    { status: OrderStatus.Cancelled, n: 30 },
  ]);
  const cancelledEvents = await db
    .select({ orderId: orderEvents.orderId, actor: orderEvents.actor, note: orderEvents.note })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, ids), eq(orderEvents.kind, 'cancelled')));
  expect(cancelledEvents).toHaveLength(30);
  expect(new Set(cancelledEvents.map((e) => e.orderId)).size).toBe(30);
  expect(cancelledEvents.every((e) => e.actor === 'timer' && e.note === '超时未支付')).toBe(true);
  // The 30 gave back what they took (15 even, 15 odd: 45 of each); the 3 still unpaid (two
  // even, one odd) hold 5 of A and 4 of B.
  expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([95, 96]);
  expect(placed.slice(30).every((p) => p.orderNos.length === 1)).toBe(true);
  expect(
    await count(
      db
        .select({ n })
        .from(orders)
        .where(and(eq(orders.status, OrderStatus.AwaitingPayment), lte(orders.payDeadline, at))),
    ),
  ).toBe(0);
});
