/**
 * Kuaidi100 end to end on the embedded database, on a fake clock: the real adapter talks to the
 * sandbox's handler and the sandbox pushes to the shop's push handler, in-process (the protocol,
 * signs and answers are the real ones; only the network is left out).
 *
 * 发货 → subscribed → the sandbox pushes as the parcel moves → traces stored and shown on
 * logisticsDetail → 签收 starts the completion clock; a forged push changes nothing; a repeated
 * or older push changes nothing; a failed subscription never fails the shipment and is retried;
 * the real-time query answers the same traces.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  logistics,
  orderEvents,
  orders,
  sandboxKuaidi100Subscriptions,
  shops,
} from '#lib/platform/db/schema.ts';
import { parseEnv } from '#lib/platform/env.server.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenAddress,
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
} from '#tests/fixtures/given.ts';
import { placeOrder, previewCheckout } from '../place-order.server.ts';
import { shipOrder } from '../commands.server.ts';
import { readLogistics } from '../queries.server.ts';
import { completeDueOrders } from '../timers.server.ts';
import { DEFAULT_SHIP_FROM_CITY, sandboxTraces } from '../logistics.server.ts';
import { SUBSCRIBE_BACKOFF_MS, subscribeDueParcels } from '../parcels.server.ts';
import { OrderStatus } from '../status.ts';
import { Kuaidi100Client, Kuaidi100Error } from './client.server.ts';
import { PUSH_RECEIVED, type PushParam } from './protocol.ts';
import { deliverDuePushes, pushForm } from './sandbox/pushes.server.ts';
import { handleKuaidi100Request } from './sandbox/service.server.ts';
import { sandboxAccount } from './sandbox/keys.server.ts';
import {
  NOTIFY_PATH,
  logisticsTracker,
  receiveKuaidi100Push,
  type Tracker,
} from './tracker.server.ts';

const NOW = new Date('2026-11-21T04:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SHOP_ORIGIN = 'http://shop.test';
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

let database: Database;
let db: Db;
let clock = NOW;
/** What the shop's push handler answered, in order. */
const answers: unknown[] = [];

/** Routes the adapter's calls to the sandbox and the sandbox's pushes to the shop, in-process. */
const route = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (url.pathname.startsWith('/sandbox/kuaidi100/')) {
    return handleKuaidi100Request(db, request, { now: clock });
  }
  if (url.pathname === NOTIFY_PATH) {
    const form = new URLSearchParams(await request.text());
    const answer = await receiveKuaidi100Push(
      db,
      tracker,
      { param: form.get('param'), sign: form.get('sign') },
      clock,
    );
    answers.push(answer);
    return Response.json(answer);
  }
  return new Response('Not Found', { status: 404 });
}) as typeof fetch;

let tracker: Tracker;
const demo = parseEnv({ SHOP_MODE: 'demo' });

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
  tracker = await logisticsTracker(db, { fetch: route, origin: SHOP_ORIGIN, config: demo });
});
afterAll(() => database.close());

let keys = 0;

/** A paid order of a shop that completes orders 7 days after delivery. */
async function aPaidOrder() {
  const shop = await givenShop(db);
  await db.update(shops).set({ autoCompleteDays: 7 }).where(eq(shops.id, shop.shopId));
  const sale = await givenSale(db, shop.shopId, { now: NOW });
  const product = await givenProduct(db, sale, { priceCents: 4990 });
  const shopper = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, shopper.id);
  const source = {
    shopId: shop.shopId,
    userId: shopper.id,
    skuNo: product.skuNos[0]!,
    quantity: 1,
    now: NOW,
  };
  const { quote } = await previewCheckout(db, source);
  const placed = await placeOrder(db, {
    ...source,
    addressId: address.id,
    quote,
    idempotencyKey: `kd100-key-${(keys += 1)}`,
  });
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, placed.orderNos[0]!));
  await db.update(orders).set({ status: OrderStatus.Paid }).where(eq(orders.id, order!.id));
  return { shop, shopper, order: order! };
}

type Paid = Awaited<ReturnType<typeof aPaidOrder>>;

const ship = (p: Paid, trackingNo: string, withTracker: Tracker | undefined = tracker) =>
  shipOrder(
    db,
    {
      shopId: p.shop.shopId,
      ownerId: p.shop.ownerId,
      orderNo: p.order.orderNo,
      carrier: 'SF',
      company: '顺丰速运',
      trackingNo,
      now: NOW,
    },
    withTracker,
  );

const parcelOf = async (orderId: number) =>
  (await db.select().from(logistics).where(eq(logistics.orderId, orderId)))[0]!;

/** The sandbox's steps of the parcel, oldest first, as ISO times and texts. */
const stepsOf = (p: Paid, trackingNo: string) =>
  sandboxTraces({
    carrier: 'SF',
    trackingNo,
    shippedAt: NOW,
    fromCity: DEFAULT_SHIP_FROM_CITY,
    to: p.order.address,
  });

describe('发货 → 订阅 → 推送', () => {
  it('stores the pushed traces as the parcel moves, and 签收 starts the completion clock', async () => {
    const p = await aPaidOrder();
    const trackingNo = 'SF1400000001';
    clock = NOW;
    await ship(p, trackingNo);
    expect(await parcelOf(p.order.id)).toMatchObject({
      subscribedAt: NOW,
      subscribeDueAt: null,
      subscribeResult: '200 提交成功',
      traces: [],
    });
    const [watched] = await db
      .select()
      .from(sandboxKuaidi100Subscriptions)
      .where(eq(sandboxKuaidi100Subscriptions.number, trackingNo));
    expect(watched).toMatchObject({
      company: 'shunfeng',
      callbackUrl: `${SHOP_ORIGIN}${NOTIFY_PATH}`,
      salt: tracker.salt,
      status: 'polling',
    });

    // Nothing has happened yet: nothing is pushed.
    expect(await deliverDuePushes(db, { now: NOW, fetch: route })).toBe(0);
    const steps = stepsOf(p, trackingNo);

    // Halfway: the steps so far, newest first, on the shopper's logisticsDetail.
    clock = new Date(Date.parse(steps[4]!.time));
    expect(await deliverDuePushes(db, { now: clock, fetch: route })).toBe(1);
    expect(answers.at(-1)).toEqual(PUSH_RECEIVED);
    const halfway = steps.slice(0, 5).reverse();
    const shown = await readLogistics(db, {
      shopId: p.shop.shopId,
      userId: p.shopper.id,
      orderNo: p.order.orderNo,
    });
    expect(shown.traces).toEqual(halfway);
    expect(await parcelOf(p.order.id)).toMatchObject({ state: '0', signedAt: null });
    // The ship-time clock still stands.
    expect((await db.select().from(orders).where(eq(orders.id, p.order.id)))[0]).toMatchObject({
      autoCompleteAt: new Date(NOW.getTime() + 7 * DAY),
    });
    // Pushed already, nothing new: no push.
    expect(
      await deliverDuePushes(db, { now: new Date(clock.getTime() + 1000), fetch: route }),
    ).toBe(0);

    // 签收: every step; the clock starts at the signing, 7 days.
    const signedAt = new Date(Date.parse(steps.at(-1)!.time));
    clock = at(48);
    expect(await deliverDuePushes(db, { now: clock, fetch: route })).toBe(1);
    const parcel = await parcelOf(p.order.id);
    expect(parcel).toMatchObject({ state: '3', signedAt, latestTraceAt: signedAt });
    expect(parcel.traces).toEqual([...steps].reverse());
    expect(parcel.traces[0]!.text).toMatch(/^已签收/);
    const completesAt = new Date(signedAt.getTime() + 7 * DAY);
    expect((await db.select().from(orders).where(eq(orders.id, p.order.id)))[0]).toMatchObject({
      status: OrderStatus.Shipped,
      autoCompleteAt: completesAt,
    });
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, p.order.id));
    expect(events.at(-1)).toMatchObject({ kind: 'signed', actor: 'gateway' });
    // The watch ends with the signing.
    const [ended] = await db
      .select()
      .from(sandboxKuaidi100Subscriptions)
      .where(eq(sandboxKuaidi100Subscriptions.number, trackingNo));
    expect(ended).toMatchObject({ status: 'shutdown', pushedCount: steps.length });

    // The timer completes it at the signing's 7th day, not before.
    expect(await completeDueOrders(db, new Date(completesAt.getTime() - 1000))).toBe(0);
    expect(await completeDueOrders(db, completesAt)).toBe(1);
    expect((await db.select().from(orders).where(eq(orders.id, p.order.id)))[0]!.status).toBe(
      OrderStatus.Completed,
    );
  });

  it('refuses a forged push and stores nothing; a repeated or older push changes nothing', async () => {
    const p = await aPaidOrder();
    const trackingNo = 'SF1400000002';
    clock = NOW;
    await ship(p, trackingNo);
    const steps = stepsOf(p, trackingNo);
    const pushOf = (count: number): PushParam => ({
      status: 'polling',
      message: '',
      lastResult: {
        message: 'ok',
        state: count === steps.length ? '3' : '0',
        status: '200',
        ischeck: count === steps.length ? '1' : '0',
        com: 'shunfeng',
        nu: trackingNo,
        data: steps
          .slice(0, count)
          .map((s) => {
            const time = new Date(Date.parse(s.time) + 8 * HOUR)
              .toISOString()
              .slice(0, 19)
              .replace('T', ' ');
            return { time, ftime: time, context: s.text };
          })
          .reverse(),
      },
    });
    const post = (form: URLSearchParams) =>
      receiveKuaidi100Push(
        db,
        tracker,
        { param: form.get('param'), sign: form.get('sign') },
        at(48),
      );
    const before = await parcelOf(p.order.id);

    // Signed with another salt, signed for another param, or not signed: refused, nothing stored.
    const forged = pushForm(pushOf(steps.length), 'not-the-salt');
    expect(await post(forged)).toEqual({
      result: false,
      returnCode: '500',
      message: '签名验证失败',
    });
    const swapped = pushForm(pushOf(3), tracker.salt);
    swapped.set('param', JSON.stringify(pushOf(steps.length)));
    expect(await post(swapped)).toMatchObject({ result: false, returnCode: '500' });
    expect(await post(pushForm(pushOf(steps.length), null))).toMatchObject({ result: false });
    expect(await parcelOf(p.order.id)).toEqual(before);
    expect((await db.select().from(orders).where(eq(orders.id, p.order.id)))[0]).toMatchObject({
      autoCompleteAt: new Date(NOW.getTime() + 7 * DAY),
    });

    // A true push of six steps is stored; the same again, or an older one of four, changes nothing.
    expect(await post(pushForm(pushOf(6), tracker.salt))).toEqual(PUSH_RECEIVED);
    const stored = await parcelOf(p.order.id);
    expect(stored.traces).toHaveLength(6);
    expect(await post(pushForm(pushOf(6), tracker.salt))).toEqual(PUSH_RECEIVED);
    expect(await post(pushForm(pushOf(4), tracker.salt))).toEqual(PUSH_RECEIVED);
    expect(await parcelOf(p.order.id)).toEqual(stored);

    // 签收 twice: the clock is set once, one 'signed' event.
    expect(await post(pushForm(pushOf(steps.length), tracker.salt))).toEqual(PUSH_RECEIVED);
    const signed = await parcelOf(p.order.id);
    const [once] = await db.select().from(orders).where(eq(orders.id, p.order.id));
    expect(await post(pushForm(pushOf(steps.length), tracker.salt))).toEqual(PUSH_RECEIVED);
    expect(await parcelOf(p.order.id)).toEqual(signed);
    expect((await db.select().from(orders).where(eq(orders.id, p.order.id)))[0]).toEqual(once);
    const signedEvents = (
      await db.select().from(orderEvents).where(eq(orderEvents.orderId, p.order.id))
    ).filter((e) => e.kind === 'signed');
    expect(signedEvents).toHaveLength(1);
  });
});

describe('subscribing', () => {
  it('never fails the shipment: a failed subscription is retried by the timer', async () => {
    const p = await aPaidOrder();
    const trackingNo = 'SF1400000003';
    clock = NOW;
    const down = {
      ...tracker,
      client: new Kuaidi100Client({
        ...tracker.client.config,
        fetch: (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch,
      }),
    };
    await ship(p, trackingNo, down);
    expect((await db.select().from(orders).where(eq(orders.id, p.order.id)))[0]!.status).toBe(
      OrderStatus.Shipped,
    );
    expect(await parcelOf(p.order.id)).toMatchObject({
      subscribedAt: null,
      subscribeAttempts: 1,
      subscribeDueAt: new Date(NOW.getTime() + SUBSCRIBE_BACKOFF_MS[0]!),
      subscribeResult: 'ERROR fetch failed',
    });
    // Not due yet: nothing asked.
    expect(await subscribeDueParcels(db, tracker, NOW)).toBe(0);
    const retry = new Date(NOW.getTime() + SUBSCRIBE_BACKOFF_MS[0]!);
    expect(await subscribeDueParcels(db, tracker, retry)).toBe(1);
    expect(await parcelOf(p.order.id)).toMatchObject({
      subscribedAt: retry,
      subscribeDueAt: null,
      subscribeResult: '200 提交成功',
    });
  });

  it('takes 重复订阅 as subscribed, and a refused key as a failure to retry', async () => {
    const p = await aPaidOrder();
    const q = await aPaidOrder();
    clock = NOW;
    await ship(p, 'SF1400000004');
    // Another order in the same parcel: the number is watched already (501).
    await ship(q, 'SF1400000004');
    expect(await parcelOf(q.order.id)).toMatchObject({
      subscribedAt: NOW,
      subscribeResult: '501 POLL:重复订阅',
    });
    const r = await aPaidOrder();
    const wrongKey = {
      ...tracker,
      client: new Kuaidi100Client({ ...tracker.client.config, key: 'WRONGKEY' }),
    };
    await ship(r, 'SF1400000005', wrongKey);
    expect(await parcelOf(r.order.id)).toMatchObject({
      subscribedAt: null,
      subscribeAttempts: 1,
      subscribeResult: '600 您不是合法的订阅者（即授权Key出错）',
    });
  });
});

describe('实时查询 through the adapter', () => {
  it('answers the sandbox traces so far, 查询无结果 before the first, 验证签名失败 with a wrong key', async () => {
    const p = await aPaidOrder();
    const trackingNo = 'SF1400000006';
    clock = NOW;
    await ship(p, trackingNo);
    const query = () =>
      tracker.client.query({ com: 'shunfeng', num: trackingNo, phone: p.order.address.phone });
    await expect(query()).rejects.toMatchObject({
      name: 'Kuaidi100Error',
      returnCode: '500',
      detail: '查询无结果，请隔段时间再查',
    });
    const steps = stepsOf(p, trackingNo);
    clock = new Date(Date.parse(steps[7]!.time));
    const answer = await query();
    expect(answer).toMatchObject({ message: 'ok', com: 'shunfeng', nu: trackingNo, state: '5' });
    expect(answer.data!.map((d) => d.context)).toEqual(
      steps
        .slice(0, 8)
        .map((s) => s.text)
        .reverse(),
    );
    expect(answer.data![0]).toMatchObject({ status: '派件' });

    const account = await sandboxAccount(db);
    const stranger = new Kuaidi100Client({
      customer: account.customer,
      key: 'NOTTHEKEY',
      baseUrl: tracker.client.config.baseUrl,
      fetch: route,
    });
    const refused = stranger.query({ com: 'shunfeng', num: trackingNo });
    await expect(refused).rejects.toBeInstanceOf(Kuaidi100Error);
    await expect(refused).rejects.toMatchObject({ returnCode: '503', detail: '验证签名失败' });
    await expect(tracker.client.query({ com: 'nosuchco', num: trackingNo })).rejects.toMatchObject({
      returnCode: '400',
      detail: '找不到对应公司',
    });
  });
});
