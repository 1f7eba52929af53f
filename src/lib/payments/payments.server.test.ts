/**
 * Paying, on the embedded database with the real migrations, through the real adapter and the
 * sandbox gateway in-process (tests/fixtures/payments.ts). Time moves through the commands' `now`
 * arguments; the gateway keeps the real clock, so what it answers is what it would answer now.
 */
import { generateKeyPairSync } from 'node:crypto';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db, Tx } from '#lib/platform/db/client.server.ts';
import {
  cartItems,
  gatewayNotifications,
  orderEvents,
  orderGroups,
  orders,
  paymentOrders,
  payments,
  refunds,
  sandboxNotifications,
  sandboxRefunds,
  sandboxTransactions,
  skus,
  users,
} from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenAddress,
  givenOrder,
  givenProduct,
  givenSale,
  givenShop,
  givenUser,
} from '#tests/fixtures/given.ts';
import {
  handMadeNotification,
  inProcessGateway,
  payAtGateway,
  prepayIdOf,
  type InProcessGateway,
} from '#tests/fixtures/payments.ts';
import { cancelOrder, cancelUnpaidOrder } from '#lib/orders/commands.server.ts';
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { cancelOverdueOrders } from '#lib/orders/timers.server.ts';
import { OrderStatus } from '#lib/orders/status.ts';
import { sandboxConfirm } from './sandbox/gateway.server.ts';
import { sandboxKeys } from './sandbox/keys.server.ts';
import { checkArrive, createPayment, saveRefund } from './payments.server.ts';
import { receivePaymentNotification, receiveRefundNotification } from './notify.server.ts';
import { retryOpenRefunds, sendRefund } from './refunds.server.ts';
import { closeStalePayments } from './timers.server.ts';
import { PaymentOrderOutcome, PaymentStatus, RefundState, type PayChannel } from './status.ts';
import { reconcilePayments } from './reconcile.server.ts';
import { payRequestMessage, rsaVerify, unixSeconds } from './wechatpay/protocol.ts';
import type { RefundNotice, Transaction } from './wechatpay/resources.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IN_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const UA_OF: Record<PayChannel, string> = { native: DESKTOP, h5: PHONE, jsapi: IN_APP };
const MINUTE = 60_000;
const n = sql<number>`count(*)::int`;

let database: Database;
let db: Db;
let gateway: InProcessGateway;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
  gateway = await inProcessGateway(db);
});
afterAll(() => database.close());

async function anUnpaidOrder(
  priceCents = 1_990,
  overrides: { payDeadline?: Date; status?: number } = {},
) {
  const shop = await givenShop(db);
  await givenProduct(db, await givenSale(db, shop.shopId));
  const buyer = await givenUser(db);
  const order = await givenOrder(db, {
    shopId: shop.shopId,
    userId: buyer.id,
    priceCents,
    ...overrides,
  });
  const [row] = await db
    .select({ payDeadline: orders.payDeadline })
    .from(orders)
    .where(eq(orders.id, order.id));
  return { shopId: shop.shopId, ownerId: shop.ownerId, userId: buyer.id, ...order, ...row! };
}

function open(
  o: { shopId: string; userId: number; orderNo?: string; groupNo?: string },
  options: { channel?: PayChannel; userAgent?: string; origin?: string; now?: Date } = {},
) {
  const channel = options.channel ?? 'native';
  return createPayment(db, gateway, {
    shopId: o.shopId,
    userId: o.userId,
    orderNo: o.orderNo,
    groupNo: o.groupNo,
    channel,
    userAgent: options.userAgent ?? UA_OF[channel],
    clientIp: '203.0.113.7',
    origin: options.origin ?? 'http://shop.test',
    successUrl: (no) => `${options.origin ?? 'http://shop.test'}/pay/success?paymentNo=${no}`,
    ...(options.now ? { now: options.now } : {}),
  });
}

const orderOf = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentOf = async (paymentNo: string) =>
  (await db.select().from(payments).where(eq(payments.paymentNo, paymentNo)))[0]!;
const tradeOf = async (paymentNo: string) =>
  (
    await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.outTradeNo, paymentNo))
  )[0];
const eventsOf = (orderId: number, kind?: string) =>
  db
    .select({ kind: orderEvents.kind, actor: orderEvents.actor, note: orderEvents.note })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), kind ? eq(orderEvents.kind, kind) : undefined))
    .orderBy(orderEvents.id);
const gatewayRefundsOf = (paymentNo: string) =>
  db.select().from(sandboxRefunds).where(eq(sandboxRefunds.outTradeNo, paymentNo));
/** How many requests of `method path` (the path's tail) the adapter sent from index `from` on. */
const sentSince = (from: number, tail: string) =>
  gateway.sent.slice(from).filter((line) => line.endsWith(tail)).length;

/** Everything a notification about a payment could change, to compare before and after. */
async function stateOf(paymentNo: string) {
  const payment = await paymentOf(paymentNo);
  const covered = await db
    .select({
      id: orders.id,
      status: orders.status,
      paidAt: orders.paidAt,
      outcome: paymentOrders.outcome,
    })
    .from(paymentOrders)
    .innerJoin(orders, eq(orders.id, paymentOrders.orderId))
    .where(eq(paymentOrders.paymentId, payment.id))
    .orderBy(orders.id);
  const ids = covered.map((o) => o.id);
  const [events] = await db
    .select({ n })
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, ids));
  const [seen] = await db
    .select({ n })
    .from(gatewayNotifications)
    .where(eq(gatewayNotifications.subject, paymentNo));
  const [refunded] = await db.select({ n }).from(refunds).where(eq(refunds.paymentId, payment.id));
  return { payment, covered, events: events!.n, seen: seen!.n, refunds: refunded!.n };
}

/** A refund saved against a paid payment as the commands save one, at `now`. */
function aSavedRefund(
  payment: { id: number; paymentNo: string },
  orderId: number,
  amountCents: number,
  now = new Date(),
  tag = 'T',
) {
  return db.transaction(async (tx) => {
    const id = await saveRefund(tx, {
      paymentId: payment.id,
      orderId,
      refundNo: `R${tag}${payment.paymentNo}`,
      amountCents,
      cause: 'after_sale',
      reason: '七天无理由',
      now,
    });
    return id!;
  });
}

/** An unpaid order paid through a native payment, its notification delivered. */
async function aPaidOrder(priceCents = 1_990) {
  const order = await anUnpaidOrder(priceCents);
  const opened = await open(order);
  await payAtGateway(db, opened.paymentNo);
  await gateway.deliver();
  const payment = await paymentOf(opened.paymentNo);
  expect(payment.status).toBe(PaymentStatus.Paid);
  return { order, payment };
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

    const confirmed = await sandboxConfirm(db, await prepayIdOf(db, opened.paymentNo));
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
    await sandboxConfirm(db, await prepayIdOf(db, opened.paymentNo));
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

describe('createPayment', () => {
  /** A checkout of two sales by one buyer: one order group of two orders, placed for real. */
  async function aCheckoutOfTwoOrders() {
    const shop = await givenShop(db);
    const first = await givenProduct(db, await givenSale(db, shop.shopId), { priceCents: 3_900 });
    const second = await givenProduct(db, await givenSale(db, shop.shopId), {
      priceCents: 12_900,
    });
    const buyer = await givenUser(db);
    const address = await givenAddress(db, buyer.id);
    const bought = await db
      .select({ id: skus.id })
      .from(skus)
      .where(inArray(skus.skuNo, [first.skuNos[0]!, second.skuNos[0]!]))
      .orderBy(skus.id);
    await db.insert(cartItems).values(
      bought.map((sku, i) => ({
        shopId: shop.shopId,
        userId: buyer.id,
        skuId: sku.id,
        quantity: i + 1,
      })),
    );
    const source = { shopId: shop.shopId, userId: buyer.id };
    const { quote } = await previewCheckout(db, source);
    const placed = await placeOrder(db, {
      ...source,
      addressId: address.id,
      quote,
      idempotencyKey: `two-sales-${buyer.id}`,
    });
    expect(placed.orderNos).toHaveLength(2);
    const placedOrders = await db
      .select({ id: orders.id, orderNo: orders.orderNo, payCents: orders.payCents })
      .from(orders)
      .where(inArray(orders.orderNo, placed.orderNos))
      .orderBy(orders.id);
    return { ...source, groupNo: placed.groupNo, payCents: placed.payCents, placedOrders };
  }

  it("pays a checkout's orders for their own amount; once one is cancelled, the rest is a new attempt", async () => {
    const checkout = await aCheckoutOfTwoOrders();
    const [a, b] = checkout.placedOrders as [
      (typeof checkout.placedOrders)[0],
      (typeof checkout.placedOrders)[0],
    ];
    expect(a.payCents + b.payCents).toBe(checkout.payCents);

    const both = await open({ ...checkout, groupNo: checkout.groupNo });
    expect(both.payCents).toBe(checkout.payCents);
    const stored = await paymentOf(both.paymentNo);
    expect(stored).toMatchObject({
      amountCents: checkout.payCents,
      orderSet: `${a.id},${b.id}`,
      channel: 'native',
      status: PaymentStatus.Created,
    });
    expect(
      await db
        .select({ orderId: paymentOrders.orderId, amountCents: paymentOrders.amountCents })
        .from(paymentOrders)
        .where(eq(paymentOrders.paymentId, stored.id))
        .orderBy(paymentOrders.orderId),
    ).toEqual([
      { orderId: a.id, amountCents: a.payCents },
      { orderId: b.id, amountCents: b.payCents },
    ]);
    // The gateway was asked for the orders' sum, not for anything the caller said.
    expect(await tradeOf(both.paymentNo)).toMatchObject({
      totalCents: checkout.payCents,
      tradeType: 'NATIVE',
      description: `订单${a.orderNo}等2笔`,
    });

    await cancelOrder(db, { ...checkout, orderNo: a.orderNo, reason: '不想要了' });
    const rest = await open({ ...checkout, groupNo: checkout.groupNo });
    expect(rest.paymentNo).not.toBe(both.paymentNo);
    expect(rest.payCents).toBe(b.payCents);
    expect(await paymentOf(rest.paymentNo)).toMatchObject({
      amountCents: b.payCents,
      orderSet: String(b.id),
      status: PaymentStatus.Created,
    });
    expect((await tradeOf(rest.paymentNo))!.totalCents).toBe(b.payCents);

    // The first attempt can no longer be paid for as it was: the sweeper closes it, there first.
    await closeStalePayments(db, gateway);
    expect((await paymentOf(both.paymentNo)).status).toBe(PaymentStatus.Closed);
    expect((await tradeOf(both.paymentNo))!.tradeState).toBe('CLOSED');
    expect((await paymentOf(rest.paymentNo)).status).toBe(PaymentStatus.Created);
    expect((await tradeOf(rest.paymentNo))!.tradeState).toBe('NOTPAY');
  });

  it('keeps one open attempt per orders and channel: asking twice is one prepay at the gateway', async () => {
    const order = await anUnpaidOrder(4_200);
    const from = gateway.sent.length;
    const first = await open(order);
    const again = await open(order);
    expect(again.paymentNo).toBe(first.paymentNo);
    expect(again.codeUrl).toBe(first.codeUrl);
    expect(sentSince(from, 'POST /sandbox/wechatpay/v3/pay/transactions/native')).toBe(1);
    expect(gateway.sent.length - from).toBe(1);
    const attempts = await db
      .select({ paymentNo: payments.paymentNo })
      .from(paymentOrders)
      .innerJoin(payments, eq(payments.id, paymentOrders.paymentId))
      .where(eq(paymentOrders.orderId, order.id));
    expect(attempts).toEqual([{ paymentNo: first.paymentNo }]);
    expect(
      await db
        .select({ n })
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.outTradeNo, first.paymentNo)),
    ).toEqual([{ n: 1 }]);

    // Another channel is another attempt on the same order (a phone next to the computer).
    const phone = await open(order, { channel: 'h5' });
    expect(phone.paymentNo).not.toBe(first.paymentNo);
    expect(sentSince(from, 'POST /sandbox/wechatpay/v3/pay/transactions/h5')).toBe(1);
  });

  it('refuses a channel that does not work where the page is open, before anything is saved', async () => {
    const order = await anUnpaidOrder();
    const from = gateway.sent.length;
    const refused = { code: 42004, message: '当前环境不支持该支付方式' };
    await expect(open(order, { channel: 'h5', userAgent: DESKTOP })).rejects.toMatchObject(refused);
    await expect(open(order, { channel: 'jsapi', userAgent: PHONE })).rejects.toMatchObject(
      refused,
    );
    await expect(open(order, { channel: 'native', userAgent: IN_APP })).rejects.toMatchObject(
      refused,
    );
    await expect(open(order, { channel: 'native', userAgent: PHONE })).rejects.toMatchObject(
      refused,
    );
    await expect(open(order, { channel: 'jsapi', userAgent: DESKTOP })).rejects.toMatchObject(
      refused,
    );
    expect(gateway.sent.length).toBe(from);
    expect(
      await db.select({ n }).from(paymentOrders).where(eq(paymentOrders.orderId, order.id)),
    ).toEqual([{ n: 0 }]);
  });

  it('opens in-app pay only for a payer the app knows, with a paySign the merchant key made', async () => {
    const order = await anUnpaidOrder(3_300);
    const from = gateway.sent.length;
    await expect(open(order, { channel: 'jsapi' })).rejects.toMatchObject({
      code: 42005,
      message: '请先在微信中授权登录后再支付',
    });
    expect(gateway.sent.length).toBe(from);
    expect(
      await db.select({ n }).from(paymentOrders).where(eq(paymentOrders.orderId, order.id)),
    ).toEqual([{ n: 0 }]);

    const openId = `oSandboxBuyer${order.userId}xxxxxxxxxxxxx`;
    await db.update(users).set({ openId }).where(eq(users.id, order.userId));
    const opened = await open(order, { channel: 'jsapi' });
    const trade = (await tradeOf(opened.paymentNo))!;
    expect(trade).toMatchObject({ tradeType: 'JSAPI', payerOpenId: openId, totalCents: 3_300 });
    const request = opened.payRequest!;
    expect(request).toMatchObject({
      appId: gateway.client.appId,
      package: `prepay_id=${trade.prepayId}`,
      signType: 'RSA',
    });
    expect(request.timeStamp).toMatch(/^\d{10}$/);
    expect(request.nonceStr).toMatch(/^[A-Z0-9]{32}$/);
    const keys = await sandboxKeys(db);
    expect(rsaVerify(payRequestMessage(request), request.paySign, keys.merchantPublicKey)).toBe(
      true,
    );
    // The signature covers the package: another prepay id does not verify.
    expect(
      rsaVerify(
        payRequestMessage({
          ...request,
          package: 'prepay_id=wx00000000000000aaaaaaaaaaaaaaaaaaaa',
        }),
        request.paySign,
        keys.merchantPublicKey,
      ),
    ).toBe(false);
    expect(opened.h5Url).toBeUndefined();
    expect(opened.codeUrl).toBeUndefined();
  });

  it("opens H5 pay at the shop's own origin, coming back to the success page", async () => {
    const order = await anUnpaidOrder(5_000);
    const origin = 'https://m.shop.example';
    const opened = await open(order, { channel: 'h5', origin });
    const trade = (await tradeOf(opened.paymentNo))!;
    expect(trade.tradeType).toBe('MWEB');
    const successUrl = `${origin}/pay/success?paymentNo=${opened.paymentNo}`;
    expect(opened.h5Url).toBe(
      `${origin}/sandbox/wechatpay/cashier?prepay_id=${encodeURIComponent(trade.prepayId)}` +
        `&redirect_url=${encodeURIComponent(successUrl)}`,
    );
    expect(opened.payRequest).toBeUndefined();
  });

  it("answers someone else's order as missing, and nothing to pay for a paid or cancelled one", async () => {
    const order = await anUnpaidOrder();
    const stranger = await givenUser(db);
    const notFound = { code: 40411, message: '订单不存在' };
    await expect(open({ ...order, userId: stranger.id })).rejects.toMatchObject(notFound);
    const [group] = await db
      .select({ groupNo: orderGroups.groupNo })
      .from(orderGroups)
      .where(eq(orderGroups.id, order.groupId));
    await expect(
      open({ shopId: order.shopId, userId: stranger.id, groupNo: group!.groupNo }),
    ).rejects.toMatchObject(notFound);
    await expect(open({ shopId: order.shopId, userId: order.userId })).rejects.toMatchObject({
      code: 42001,
    });

    const nothing = { code: 42002, message: '订单已支付或已取消' };
    const paid = await anUnpaidOrder(1_990, { status: OrderStatus.Paid });
    await expect(open(paid)).rejects.toMatchObject(nothing);
    const cancelled = await anUnpaidOrder(1_990, { status: OrderStatus.Cancelled });
    await expect(open(cancelled)).rejects.toMatchObject(nothing);
    expect(
      await db
        .select({ n })
        .from(paymentOrders)
        .where(inArray(paymentOrders.orderId, [order.id, paid.id, cancelled.id])),
    ).toEqual([{ n: 0 }]);
  });

  it('refuses once the pay deadline has come', async () => {
    const order = await anUnpaidOrder();
    const closed = { code: 42003, message: '订单已超时，请重新下单' };
    await expect(open(order, { now: order.payDeadline })).rejects.toMatchObject(closed);
    await expect(
      open(order, { now: new Date(order.payDeadline.getTime() + MINUTE) }),
    ).rejects.toMatchObject(closed);
    // A second before it, it opens, with the deadline as the gateway's time_expire.
    const opened = await open(order, { now: new Date(order.payDeadline.getTime() - 1_000) });
    expect((await tradeOf(opened.paymentNo))!.timeExpire.getTime()).toBe(
      Math.floor(order.payDeadline.getTime() / 1000) * 1000,
    );
    expect((await paymentOf(opened.paymentNo)).expiresAt).toEqual(order.payDeadline);
  });
});

describe('the payment notification', () => {
  /** A database whose transactions do all their work and then fail to commit. */
  function failingAtCommit(real: Db): Db {
    const failing = Object.create(real) as Db;
    failing.transaction = (async (run: (tx: Tx) => Promise<unknown>) =>
      real.transaction(async (tx) => {
        await run(tx);
        throw new Error('connection reset before commit');
      })) as Db['transaction'];
    return failing;
  }

  const receive = (note: { headers: Headers; body: string }, on: Db = db) =>
    receivePaymentNotification(on, gateway, note.headers, note.body);

  it('is believed only when signed, fresh, for this merchant and app, and for the amount asked', async () => {
    const order = await anUnpaidOrder(2_990);
    const opened = await open(order);
    const paid = await payAtGateway(db, opened.paymentNo);
    expect(paid).toMatchObject({ trade_state: 'SUCCESS', amount: { total: 2_990 } });
    const before = await stateOf(opened.paymentNo);
    expect(before.payment.status).toBe(PaymentStatus.Created);
    const made = (
      resource: Transaction,
      extra: Omit<Parameters<typeof handMadeNotification>[1], 'resource'> = {},
    ) => handMadeNotification(db, { ...extra, resource });
    const mismatch = { status: 400, body: { code: 'FAIL', message: '订单信息不一致' } };
    const unsigned = { status: 401, body: { code: 'FAIL', message: '签名验证失败' } };
    const stale = { status: 401, body: { code: 'FAIL', message: '通知已过期' } };

    // A changed amount: signed and encrypted correctly, but not what this payment asked for.
    for (const total of [2_989, 2_991, 1]) {
      const changed = { ...paid, amount: { ...paid.amount, total, payer_total: total } };
      expect(await receive(await made(changed))).toEqual(mismatch);
    }
    // Signed with a key that is not the platform's.
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(await receive(await made(paid, { signingKey: other }))).toEqual(unsigned);
    // Signed over one body and sent with another.
    const altered = await made(paid, {
      sentBody: (body) => body.replace('"create_time":"', '"create_time":"1'),
    });
    expect(await receive(altered)).toEqual(unsigned);
    // A serial that names no platform key we hold.
    expect(
      await receive(await made(paid, { serial: 'PUB_KEY_ID_0119000000000000000000000000' })),
    ).toEqual(unsigned);
    // Six minutes old, and six minutes ahead.
    const now = unixSeconds();
    expect(await receive(await made(paid, { timestamp: now - 6 * 60 }))).toEqual(stale);
    expect(await receive(await made(paid, { timestamp: now + 6 * 60 }))).toEqual(stale);
    // Headers missing altogether.
    const bare = await made(paid);
    expect(await receive({ headers: new Headers(), body: bare.body })).toEqual(unsigned);
    // Another merchant, another app, a number we never gave out.
    expect(await receive(await made({ ...paid, mchid: '1900000999' }))).toEqual(mismatch);
    expect(await receive(await made({ ...paid, appid: 'wxother000000000' }))).toEqual(mismatch);
    expect(
      await receive(await made({ ...paid, out_trade_no: `${opened.paymentNo.slice(0, -3)}999` })),
    ).toEqual(mismatch);
    expect(await stateOf(opened.paymentNo)).toEqual(before);

    // The genuine one, then the same again: paid once.
    const genuine = await made(paid);
    const success = { status: 200, body: { code: 'SUCCESS', message: '成功' } };
    expect(await receive(genuine)).toEqual(success);
    const after = await stateOf(opened.paymentNo);
    expect(after.payment).toMatchObject({
      status: PaymentStatus.Paid,
      transactionId: paid.transaction_id,
      payerOpenId: paid.payer!.openid,
    });
    expect(after.payment.paidAt).toEqual(new Date(paid.success_time!));
    expect(after.covered).toEqual([
      {
        id: order.id,
        status: OrderStatus.Paid,
        paidAt: new Date(paid.success_time!),
        outcome: PaymentOrderOutcome.PaidOrder,
      },
    ]);
    expect(await eventsOf(order.id)).toEqual([
      { kind: 'paid', actor: 'gateway', note: opened.paymentNo },
    ]);
    expect(
      await db
        .select({ subject: gatewayNotifications.subject })
        .from(gatewayNotifications)
        .where(eq(gatewayNotifications.id, genuine.id)),
    ).toEqual([{ subject: opened.paymentNo }]);

    expect(await receive(genuine)).toEqual(success);
    expect(await receive(await made(paid))).toEqual(success);
    // The sandbox's own notification of the same payment, delivered late.
    expect(await gateway.deliver()).toBe(1);
    const settled = await stateOf(opened.paymentNo);
    expect({ ...settled, seen: 0 }).toEqual({ ...after, seen: 0 });
    expect(await eventsOf(order.id)).toHaveLength(1);
    // A wrong amount after the payment is still refused (and still changes nothing).
    const changed = { ...paid, amount: { ...paid.amount, total: 1 } };
    expect(await receive(await made(changed))).toEqual(mismatch);
    expect(await stateOf(opened.paymentNo)).toEqual(settled);
  });

  it('answers an event that is not a payment success with success and changes nothing', async () => {
    const order = await anUnpaidOrder(1_500);
    const opened = await open(order);
    const paid = await payAtGateway(db, opened.paymentNo);
    const before = await stateOf(opened.paymentNo);
    const success = { status: 200, body: { code: 'SUCCESS', message: '成功' } };
    for (const eventType of ['TRANSACTION.CLOSED', 'TRANSACTION.PAYERROR', 'REFUND.SUCCESS']) {
      const note = await handMadeNotification(db, {
        resource: paid,
        eventType,
        associatedData: 'transaction',
      });
      expect(await receive(note)).toEqual(success);
    }
    // A success event whose resource says it is not paid.
    const unpaid: Transaction = {
      appid: paid.appid,
      mchid: paid.mchid,
      out_trade_no: paid.out_trade_no,
      trade_state: 'NOTPAY',
      trade_state_desc: '订单未支付',
      amount: { total: 1_500, currency: 'CNY' },
    };
    expect(await receive(await handMadeNotification(db, { resource: unpaid }))).toEqual(success);
    expect(await stateOf(opened.paymentNo)).toEqual(before);
    await gateway.deliver();
    expect((await orderOf(order.id)).status).toBe(OrderStatus.Paid);
  });

  it('answers success only after the commit: a failed one answers 500 and leaves nothing behind', async () => {
    const order = await anUnpaidOrder(6_600);
    const opened = await open(order);
    const paid = await payAtGateway(db, opened.paymentNo);
    const before = await stateOf(opened.paymentNo);
    const note = await handMadeNotification(db, { resource: paid });

    expect(await receive(note, failingAtCommit(db))).toEqual({
      status: 500,
      body: { code: 'FAIL', message: '处理失败' },
    });
    expect(await stateOf(opened.paymentNo)).toEqual(before);
    expect((await orderOf(order.id)).status).toBe(OrderStatus.AwaitingPayment);

    // The gateway tries again (the same notification), and this time it is applied.
    expect(await receive(note)).toEqual({
      status: 200,
      body: { code: 'SUCCESS', message: '成功' },
    });
    expect((await orderOf(order.id)).status).toBe(OrderStatus.Paid);
    expect(await eventsOf(order.id, 'paid')).toHaveLength(1);
    await gateway.deliver();
    expect(await eventsOf(order.id, 'paid')).toHaveLength(1);
  });

  it("is retried by the sandbox until the shop's answer is a success", async () => {
    const order = await anUnpaidOrder(7_700);
    const opened = await open(order);
    await payAtGateway(db, opened.paymentNo);
    const undelivered = () =>
      db
        .select({
          attempts: sandboxNotifications.attempts,
          lastResult: sandboxNotifications.lastResult,
        })
        .from(sandboxNotifications)
        .where(isNull(sandboxNotifications.deliveredAt));
    expect(await undelivered()).toEqual([{ attempts: 0, lastResult: null }]);
    // The shop's database refuses the paid event while the first try is applied: the answer is
    // 500, so the sandbox keeps the notification for its next try.
    await db.execute(
      sql.raw(
        "alter table order_events add constraint test_no_paid_events check (kind <> 'paid') not valid",
      ),
    );
    try {
      expect(await gateway.deliver()).toBe(0);
    } finally {
      await db.execute(sql.raw('alter table order_events drop constraint test_no_paid_events'));
    }
    expect(await undelivered()).toEqual([{ attempts: 1, lastResult: 'HTTP 500' }]);
    expect((await paymentOf(opened.paymentNo)).status).toBe(PaymentStatus.Created);
    expect((await orderOf(order.id)).status).toBe(OrderStatus.AwaitingPayment);
    expect(await eventsOf(order.id)).toEqual([]);

    // Fifteen seconds later the retry is applied.
    expect(await gateway.deliver(new Date(Date.now() + 16_000))).toBe(1);
    expect((await orderOf(order.id)).status).toBe(OrderStatus.Paid);
    expect(await eventsOf(order.id, 'paid')).toHaveLength(1);
  });
});

describe('the payment sweeper', () => {
  it('closes an attempt past its deadline at the gateway, then here; only then is the order cancelled', async () => {
    // A deadline of its own, sooner than the other tests' orders, so the sweep at it is this one's.
    const order = await anUnpaidOrder(2_000, { payDeadline: new Date(Date.now() + 2 * MINUTE) });
    const opened = await open(order);
    const at = new Date(order.payDeadline.getTime() + 1_000);

    // The order timer leaves an order with an open attempt alone: it may be being paid.
    await cancelOverdueOrders(db, at);
    expect((await orderOf(order.id)).status).toBe(OrderStatus.AwaitingPayment);

    const from = gateway.sent.length;
    expect(await closeStalePayments(db, gateway, at)).toBe(1);
    const path = `/sandbox/wechatpay/v3/pay/transactions/out-trade-no/${opened.paymentNo}`;
    expect(gateway.sent.slice(from)).toEqual([`GET ${path}`, `POST ${path}/close`, `GET ${path}`]);
    expect((await tradeOf(opened.paymentNo))!.tradeState).toBe('CLOSED');
    expect(await paymentOf(opened.paymentNo)).toMatchObject({
      status: PaymentStatus.Closed,
      closedAt: at,
    });
    // Closed at the gateway: the user can no longer pay it there.
    expect(await sandboxConfirm(db, await prepayIdOf(db, opened.paymentNo))).toEqual({
      ok: false,
      reason: 'closed',
    });

    expect(await cancelOverdueOrders(db, at)).toBe(1);
    expect(await orderOf(order.id)).toMatchObject({
      status: OrderStatus.Cancelled,
      cancelReason: '超时未支付',
    });
    expect(await eventsOf(order.id)).toEqual([
      { kind: 'cancelled', actor: 'timer', note: '超时未支付' },
    ]);
    // A second round finds nothing left to do.
    expect(await closeStalePayments(db, gateway, at)).toBe(0);
  });

  it('finds an attempt paid at the gateway whose notification was lost, and applies it', async () => {
    const order = await anUnpaidOrder(2_100, { payDeadline: new Date(Date.now() + 3 * MINUTE) });
    const opened = await open(order);
    const paid = await payAtGateway(db, opened.paymentNo);
    const at = new Date(order.payDeadline.getTime() + 1_000);

    const from = gateway.sent.length;
    expect(await closeStalePayments(db, gateway, at)).toBe(1);
    // Asked, found paid: never closed.
    expect(gateway.sent.slice(from)).toEqual([
      `GET /sandbox/wechatpay/v3/pay/transactions/out-trade-no/${opened.paymentNo}`,
    ]);
    expect(await paymentOf(opened.paymentNo)).toMatchObject({
      status: PaymentStatus.Paid,
      transactionId: paid.transaction_id,
      closedAt: null,
    });
    expect(await orderOf(order.id)).toMatchObject({ status: OrderStatus.Paid });
    expect(await cancelOverdueOrders(db, at)).toBe(0);
    expect((await orderOf(order.id)).status).toBe(OrderStatus.Paid);

    // The notification turns up after all: nothing more happens.
    expect(await gateway.deliver()).toBe(1);
    expect(await eventsOf(order.id)).toEqual([
      { kind: 'paid', actor: 'gateway', note: opened.paymentNo },
    ]);
  });

  it('applies an attempt the gateway reports paid and partly refunded since (REFUND)', async () => {
    const order = await anUnpaidOrder(2_150, { payDeadline: new Date(Date.now() + 3 * MINUTE) });
    const opened = await open(order);
    await payAtGateway(db, opened.paymentNo);
    // Its notification lost; 150 refunded by hand in the merchant platform.
    await gateway.client.refund({
      out_trade_no: opened.paymentNo,
      out_refund_no: `HAND${opened.paymentNo}`,
      amount: { refund: 150, total: 2_150, currency: 'CNY' },
    });
    expect((await tradeOf(opened.paymentNo))!.tradeState).toBe('REFUND');
    const at = new Date(order.payDeadline.getTime() + 1_000);
    expect(await closeStalePayments(db, gateway, at)).toBe(1);
    expect((await paymentOf(opened.paymentNo)).status).toBe(PaymentStatus.Paid);
    expect((await orderOf(order.id)).status).toBe(OrderStatus.Paid);
    expect(await closeStalePayments(db, gateway, at)).toBe(0);
  });

  it('checkArrive asks the gateway while the payment waits, so the success page sees it paid', async () => {
    const order = await anUnpaidOrder(2_200);
    const opened = await open(order);
    const scope = { shopId: order.shopId, userId: order.userId, paymentNo: opened.paymentNo };
    expect(await checkArrive(db, gateway, scope)).toMatchObject({
      state: 'waiting',
      payCents: 2_200,
      orderNos: [order.orderNo],
      paidAt: null,
    });
    const paid = await payAtGateway(db, opened.paymentNo);
    const arrival = await checkArrive(db, gateway, scope);
    expect(arrival).toMatchObject({
      state: 'paid',
      paidAt: new Date(paid.success_time!).toISOString(),
    });
    expect((await orderOf(order.id)).status).toBe(OrderStatus.Paid);
    // Someone else's payment number is not found.
    const stranger = await givenUser(db);
    await expect(checkArrive(db, gateway, { ...scope, userId: stranger.id })).rejects.toMatchObject(
      { code: 40412 },
    );
    await gateway.deliver();
    expect(await eventsOf(order.id, 'paid')).toHaveLength(1);
  });

  it('makes a closed attempt the gateway still took money for paid, and refunds its cancelled order', async () => {
    const order = await anUnpaidOrder(2_300);
    const opened = await open(order);
    // Given up here while the gateway still took the money (the sandbox never pays a closed
    // transaction, so the closing is written here the way the sweeper writes it).
    const closedAt = new Date();
    await db
      .update(payments)
      .set({ status: PaymentStatus.Closed, closedAt })
      .where(eq(payments.paymentNo, opened.paymentNo));
    expect(
      await cancelUnpaidOrder(db, {
        orderId: order.id,
        actor: 'timer',
        reason: '超时未支付',
        now: closedAt,
      }),
    ).toBe(true);
    const paid = await payAtGateway(db, opened.paymentNo);
    expect((await reconcilePayments(db, gateway)).differences).toContainEqual({
      kind: 'payment',
      no: opened.paymentNo,
      field: 'state',
      ours: String(PaymentStatus.Closed),
      theirs: 'SUCCESS',
    });

    await gateway.deliver();
    expect(await paymentOf(opened.paymentNo)).toMatchObject({
      status: PaymentStatus.Paid,
      transactionId: paid.transaction_id,
      refundedCents: 2_300,
    });
    expect(await orderOf(order.id)).toMatchObject({ status: OrderStatus.Cancelled, paidAt: null });
    const [covered] = await db
      .select({ outcome: paymentOrders.outcome })
      .from(paymentOrders)
      .where(eq(paymentOrders.orderId, order.id));
    expect(covered!.outcome).toBe(PaymentOrderOutcome.Refunded);
    await expect
      .poll(async () => {
        await gateway.deliver();
        return (await db.select().from(refunds).where(eq(refunds.orderId, order.id))).map((r) => [
          r.refundNo,
          r.cause,
          r.amountCents,
          r.status,
        ]);
      })
      .toEqual([
        [`RL${opened.paymentNo}-${order.id}`, 'late_payment', 2_300, RefundState.Succeeded],
      ]);
    expect(
      (await gatewayRefundsOf(opened.paymentNo)).map((r) => [r.refundCents, r.status]),
    ).toEqual([[2_300, 'SUCCESS']]);
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual([
      'cancelled',
      'late_payment_refunded',
      'refunded',
    ]);
  });
});

describe('refunds', () => {
  it('sent twice under one number are one refund at the gateway', async () => {
    const { order, payment } = await aPaidOrder(3_000);
    const refundId = await aSavedRefund(payment, order.id, 1_200);
    const from = gateway.sent.length;
    expect(await sendRefund(db, gateway, refundId)).toBe(RefundState.Processing);
    const [first] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(first).toMatchObject({ status: RefundState.Processing, settledAt: null });
    expect(first!.gatewayRefundId).toMatch(/^5030\d{25}$/);
    // Sent again (a retry after a lost answer): the gateway answers the same refund, now done.
    expect(await sendRefund(db, gateway, refundId)).toBe(RefundState.Succeeded);
    expect(sentSince(from, 'POST /sandbox/wechatpay/v3/refund/domestic/refunds')).toBe(2);
    const atGateway = await gatewayRefundsOf(payment.paymentNo);
    expect(atGateway.map((r) => [r.outRefundNo, r.refundCents, r.refundId])).toEqual([
      [`RT${payment.paymentNo}`, 1_200, first!.gatewayRefundId],
    ]);
    // Settled: a third send does not even ask.
    const sent = gateway.sent.length;
    expect(await sendRefund(db, gateway, refundId)).toBe(RefundState.Succeeded);
    expect(gateway.sent.length).toBe(sent);
    expect(await gateway.deliver()).toBe(1);
    expect(await eventsOf(order.id, 'refunded')).toEqual([
      { kind: 'refunded', actor: 'gateway', note: `RT${payment.paymentNo}` },
    ]);
    expect((await paymentOf(payment.paymentNo)).refundedCents).toBe(1_200);
  });

  it('refused by the gateway ends Failed with its code, and is not asked again', async () => {
    const { order, payment } = await aPaidOrder(1_000);
    // 600 refunded by hand in the merchant platform: only 400 is left at the gateway.
    await gateway.client.refund({
      out_trade_no: payment.paymentNo,
      out_refund_no: `HAND${payment.paymentNo}`,
      amount: { refund: 600, total: 1_000, currency: 'CNY' },
    });
    const now = new Date(Date.now() + 5_000);
    const refundId = await aSavedRefund(payment, order.id, 1_000);
    expect(await sendRefund(db, gateway, refundId, now)).toBe(RefundState.Failed);
    const [failed] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(failed).toMatchObject({ status: RefundState.Failed, settledAt: now });
    expect(failed!.failure).toBe('NOT_ENOUGH: 退款金额超过订单可退金额');
    // Not paid back, so no longer counted against what the payment has left.
    expect((await paymentOf(payment.paymentNo)).refundedCents).toBe(0);
    const from = gateway.sent.length;
    expect(await sendRefund(db, gateway, refundId)).toBe(RefundState.Failed);
    expect(await retryOpenRefunds(db, gateway, new Date(Date.now() + 10 * MINUTE))).toBe(0);
    expect(gateway.sent.length).toBe(from);
    expect((await gatewayRefundsOf(payment.paymentNo)).map((r) => r.outRefundNo)).toEqual([
      `HAND${payment.paymentNo}`,
    ]);
    expect(await eventsOf(order.id, 'refunded')).toEqual([]);
  });

  it('still open a minute after they were saved are sent again by the refund timer', async () => {
    const { order, payment } = await aPaidOrder(4_000);
    const savedAt = new Date();
    const refundId = await aSavedRefund(payment, order.id, 4_000, savedAt);
    const statusOf = async () =>
      (await db.select().from(refunds).where(eq(refunds.id, refundId)))[0]!.status;

    expect(await retryOpenRefunds(db, gateway, new Date(savedAt.getTime() + 30_000))).toBe(0);
    expect(await statusOf()).toBe(RefundState.Requested);
    expect(await gatewayRefundsOf(payment.paymentNo)).toEqual([]);

    expect(await retryOpenRefunds(db, gateway, new Date(savedAt.getTime() + 61_000))).toBe(1);
    expect(await statusOf()).toBe(RefundState.Processing);
    expect(await gatewayRefundsOf(payment.paymentNo)).toHaveLength(1);

    // Still processing here (its notification not yet in): asked again, it settles.
    expect(await retryOpenRefunds(db, gateway, new Date(savedAt.getTime() + 2 * MINUTE))).toBe(1);
    expect(await statusOf()).toBe(RefundState.Succeeded);
    expect(await gatewayRefundsOf(payment.paymentNo)).toHaveLength(1);
    expect(await retryOpenRefunds(db, gateway, new Date(savedAt.getTime() + 3 * MINUTE))).toBe(0);
    await gateway.deliver();
    expect(await eventsOf(order.id, 'refunded')).toHaveLength(1);
  });

  it('notified with a changed amount or a bad signature changes nothing; the genuine notice settles it', async () => {
    const { order, payment } = await aPaidOrder(2_400);
    const refundId = await aSavedRefund(payment, order.id, 2_400);
    expect(await sendRefund(db, gateway, refundId)).toBe(RefundState.Processing);
    const [trade] = await db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.outTradeNo, payment.paymentNo));
    const [made] = await gatewayRefundsOf(payment.paymentNo);
    const notice: RefundNotice = {
      mchid: trade!.mchId,
      out_trade_no: payment.paymentNo,
      transaction_id: trade!.transactionId!,
      out_refund_no: made!.outRefundNo,
      refund_id: made!.refundId,
      refund_status: 'SUCCESS',
      success_time: '2026-11-23T10:00:00+08:00',
      user_received_account: '支付用户零钱',
      amount: { total: 2_400, refund: 2_400, payer_total: 2_400, payer_refund: 2_400 },
    };
    const receive = async (resource: RefundNotice, extra: { timestamp?: number } = {}) => {
      const note = await handMadeNotification(db, {
        resource,
        eventType: 'REFUND.SUCCESS',
        ...extra,
      });
      return receiveRefundNotification(db, gateway, note.headers, note.body);
    };
    const fail = { status: 400, body: { code: 'FAIL', message: '退款信息不一致' } };
    expect(await receive({ ...notice, amount: { ...notice.amount, refund: 2_000 } })).toEqual(fail);
    expect(await receive({ ...notice, mchid: '1900000999' })).toEqual(fail);
    expect(await receive({ ...notice, out_trade_no: `P${'0'.repeat(21)}` })).toEqual(fail);
    expect(await receive(notice, { timestamp: unixSeconds() - 6 * 60 })).toEqual({
      status: 401,
      body: { code: 'FAIL', message: '通知已过期' },
    });
    expect(await db.select().from(refunds).where(eq(refunds.id, refundId))).toMatchObject([
      { status: RefundState.Processing, settledAt: null },
    ]);

    expect(await receive(notice)).toEqual({
      status: 200,
      body: { code: 'SUCCESS', message: '成功' },
    });
    expect(await db.select().from(refunds).where(eq(refunds.id, refundId))).toMatchObject([
      { status: RefundState.Succeeded, settledAt: new Date('2026-11-23T02:00:00Z') },
    ]);
    expect(await receive(notice)).toEqual({
      status: 200,
      body: { code: 'SUCCESS', message: '成功' },
    });
    await gateway.deliver();
    expect(await eventsOf(order.id, 'refunded')).toHaveLength(1);
  });
});

describe('reconciliation', () => {
  it('finds no difference after all of the above, and exactly the one a tampered row makes', async () => {
    // Whatever the gateway still owes the shop is delivered first (the notifier runs every second).
    await gateway.deliver(new Date(Date.now() + 20_000));
    const clean = await reconcilePayments(db, gateway);
    expect(clean.differences).toEqual([]);
    const [stored] = await db.select({ n }).from(payments);
    const [storedRefunds] = await db.select({ n }).from(refunds);
    expect(clean).toMatchObject({ payments: stored!.n, refunds: storedRefunds!.n });
    // Every state the shop keeps was among them.
    const states = await db
      .selectDistinct({ status: payments.status })
      .from(payments)
      .orderBy(payments.status);
    expect(states.map((s) => s.status)).toEqual([
      PaymentStatus.Created,
      PaymentStatus.Paid,
      PaymentStatus.Closed,
    ]);
    const refundStates = await db
      .selectDistinct({ status: refunds.status })
      .from(refunds)
      .orderBy(refunds.status);
    expect(refundStates.map((s) => s.status)).toEqual([RefundState.Succeeded, RefundState.Failed]);

    const [paid] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.status, PaymentStatus.Paid), eq(payments.refundedCents, 0)))
      .limit(1);
    await db
      .update(payments)
      .set({ amountCents: paid!.amountCents + 100 })
      .where(eq(payments.id, paid!.id));
    expect((await reconcilePayments(db, gateway)).differences).toEqual([
      {
        kind: 'payment',
        no: paid!.paymentNo,
        field: 'amount',
        ours: String(paid!.amountCents + 100),
        theirs: String(paid!.amountCents),
      },
    ]);
    await db
      .update(payments)
      .set({ amountCents: paid!.amountCents })
      .where(eq(payments.id, paid!.id));

    const [refund] = await db
      .select()
      .from(refunds)
      .where(and(eq(refunds.status, RefundState.Succeeded), like(refunds.refundNo, 'RT%')))
      .limit(1);
    await db.update(refunds).set({ status: RefundState.Failed }).where(eq(refunds.id, refund!.id));
    expect((await reconcilePayments(db, gateway)).differences).toEqual([
      {
        kind: 'refund',
        no: refund!.refundNo,
        field: 'state',
        ours: String(RefundState.Failed),
        theirs: 'SUCCESS',
      },
    ]);
    await db
      .update(refunds)
      .set({ status: RefundState.Succeeded })
      .where(eq(refunds.id, refund!.id));
    expect((await reconcilePayments(db, gateway)).differences).toEqual([]);
  });
});
