/**
 * The after-sale commands on the embedded database with the real migrations. Orders are placed
 * and paid through the commands (placeOrder, createPayment, confirmPayment), against a gateway
 * whose transport is in-process: it answers prepay and refund calls signed with the sandbox's
 * platform key, as the real gateway would, and records every refund it is asked for.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  afterSales,
  media,
  orderLines,
  orders,
  refunds,
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
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { confirmReceipt, shipOrder } from '#lib/orders/commands.server.ts';
import { applyLineRefund } from '#lib/after-sales/line-refund.server.ts';
import { completeDueOrders } from '#lib/orders/timers.server.ts';
import { listOrders, readDistributorOrder, readOrderDetail } from '#lib/orders/queries.server.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/status.ts';
import { confirmPayment, createPayment } from '#lib/payments/payments.server.ts';
import { applyRefundNotice } from '#lib/payments/refunds.server.ts';
import { paymentGateway, type PaymentGateway } from '#lib/payments/gateway.server.ts';
import { sandboxKeys } from '#lib/payments/sandbox/keys.server.ts';
import { RefundState } from '#lib/payments/status.ts';
import {
  parseAuthorization,
  requestMessage,
  rsaVerify,
  signedHeaders,
} from '#lib/payments/wechatpay/protocol.ts';
import type { Refund, RefundRequest } from '#lib/payments/wechatpay/resources.ts';
import {
  applyAfterSale,
  readAfterSale,
  readAfterSaleOffer,
  receiveReturn,
  reviewAfterSale,
  shipReturn,
  waitingAuditCount,
  listShopAfterSales,
  type ApplyInput,
} from './after-sales.server.ts';
import { readAfterSalePhoto, storeAfterSalePhoto } from './photos.server.ts';

const NOW = new Date('2026-11-21T04:00:00Z');
const DAY = 86_400_000;
const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

let database: Database;
let db: Db;
let gateway: PaymentGateway;
/** Every refund the gateway was asked for, in order. */
const refundCalls: RefundRequest[] = [];

/**
 * The gateway's side of the wire: checks the merchant's signature on each request, answers
 * prepay (H5) and refunds (PROCESSING, as the gateway first answers), each answer signed with
 * the platform key so the client believes it.
 */
async function gatewayFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const keys = await sandboxKeys(db);
  const url = new URL(input instanceof Request ? input.url : input);
  const body = typeof init?.body === 'string' ? init.body : '';
  const auth = parseAuthorization(new Headers(init?.headers).get('authorization'));
  const signedByMerchant =
    auth !== null &&
    rsaVerify(
      requestMessage({
        method: init?.method ?? 'GET',
        url: `${url.pathname}${url.search}`,
        timestamp: auth.timestamp,
        nonce: auth.nonce_str,
        body,
      }),
      auth.signature,
      keys.merchantPublicKey,
    );
  const answer = (status: number, payload: unknown) => {
    const text = JSON.stringify(payload);
    return new Response(text, {
      status,
      headers: {
        'content-type': 'application/json',
        ...signedHeaders({
          body: text,
          serial: keys.platformKeyId,
          privateKey: keys.platformPrivateKey,
        }),
      },
    });
  };
  if (!signedByMerchant) return answer(401, { code: 'SIGN_ERROR', message: '签名错误' });
  if (url.pathname.endsWith('/v3/pay/transactions/h5')) {
    const request = JSON.parse(body) as { out_trade_no: string };
    return answer(200, { h5_url: `https://gateway.test/h5?prepay_id=wx${request.out_trade_no}` });
  }
  if (url.pathname.endsWith('/v3/refund/domestic/refunds')) {
    const request = JSON.parse(body) as RefundRequest;
    refundCalls.push(request);
    const refund: Refund = {
      refund_id: `50000${refundCalls.length}`,
      out_refund_no: request.out_refund_no,
      transaction_id: `4200${request.out_trade_no}`,
      out_trade_no: request.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: new Date().toISOString(),
      status: 'PROCESSING',
      amount: {
        total: request.amount.total,
        refund: request.amount.refund,
        payer_total: request.amount.total,
        payer_refund: request.amount.refund,
        currency: 'CNY',
      } as Refund['amount'],
    };
    return answer(200, refund);
  }
  return answer(404, { code: 'NOT_FOUND', message: url.pathname });
}

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
  gateway = await paymentGateway(db, { fetch: gatewayFetch, origin: 'http://shop.test' });
});
afterAll(() => database.close());

let keys = 0;

/** A shop (freight ¥10 under ¥99) selling one product at ¥49.90 in two SKUs, and a shopper. */
async function givenShopWithShopper() {
  const shop = await givenShop(db);
  await db.update(shops).set({ autoCompleteDays: 7 }).where(eq(shops.id, shop.shopId));
  const sale = await givenSale(db, shop.shopId, { now: NOW });
  const product = await givenProduct(db, sale, { priceCents: 4990, skus: 2, stock: 10 });
  const shopper = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, shopper.id);
  return { shopId: shop.shopId, ownerId: shop.ownerId, product, shopper, address };
}
type Given = Awaited<ReturnType<typeof givenShopWithShopper>>;

/** An order placed by the shopper, still unpaid, and its one line. */
async function unpaidOrder(g: Given, quantity = 1) {
  const source = {
    shopId: g.shopId,
    userId: g.shopper.id,
    skuNo: g.product.skuNos[0]!,
    quantity,
    now: NOW,
  };
  const { quote } = await previewCheckout(db, source);
  const placed = await placeOrder(db, {
    ...source,
    addressId: g.address.id,
    quote,
    idempotencyKey: `after-sale-key-${(keys += 1)}`,
  });
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, placed.orderNos[0]!));
  const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
  return { order: order!, line: line! };
}

/** An order paid the way a payment is: opened at the gateway, then the gateway's word applied. */
async function paidOrder(g: Given, quantity = 1) {
  const placed = await unpaidOrder(g, quantity);
  const opened = await createPayment(db, gateway, {
    shopId: g.shopId,
    userId: g.shopper.id,
    orderNo: placed.order.orderNo,
    channel: 'h5',
    userAgent: MOBILE_UA,
    clientIp: '127.0.0.1',
    successUrl: () => 'http://shop.test/success',
    origin: 'http://shop.test',
    now: NOW,
  });
  const outcome = await confirmPayment(
    db,
    gateway,
    {
      paymentNo: opened.paymentNo,
      transactionId: `4200${opened.paymentNo}`,
      totalCents: opened.payCents,
      mchId: gateway.client.mchId,
      appId: gateway.client.appId,
      payerOpenId: null,
      paidAt: NOW,
    },
    { now: NOW },
  );
  expect(outcome).toMatchObject({ kind: 'applied', paidOrders: 1 });
  return { ...placed, paymentNo: opened.paymentNo };
}

/** A paid order shipped by the owner (and, for completed, received by the shopper). */
async function orderAt(g: Given, status: 'shipped' | 'completed', at = NOW) {
  const paid = await paidOrder(g);
  await shipOrder(db, {
    shopId: g.shopId,
    ownerId: g.ownerId,
    orderNo: paid.order.orderNo,
    carrier: 'SF',
    company: '顺丰速运',
    trackingNo: `SF${paid.order.id}000`,
    now: at,
  });
  if (status === 'completed') {
    await confirmReceipt(db, {
      shopId: g.shopId,
      userId: g.shopper.id,
      orderNo: paid.order.orderNo,
      now: at,
    });
  }
  return paid;
}

function apply(
  g: Given,
  orderNo: string,
  lineId: number,
  extra: Partial<ApplyInput> & Pick<ApplyInput, 'kind'>,
) {
  return applyAfterSale(db, {
    shopId: g.shopId,
    userId: g.shopper.id,
    orderNo,
    lineId,
    reason: '不想要了',
    description: '',
    photoIds: [],
    auditChannel: 6,
    now: NOW,
    ...extra,
  });
}

const review = (
  g: Given,
  afterSaleNo: string,
  decision: { approve: boolean; refusal?: string },
  ownerId = g.ownerId,
) =>
  reviewAfterSale(db, gateway, { shopId: g.shopId, ownerId, afterSaleNo, ...decision, now: NOW });

const stockOf = async (g: Given) =>
  (
    await db.select({ stock: skus.stock }).from(skus).where(eq(skus.skuNo, g.product.skuNos[0]!))
  )[0]!.stock;

const lineOf = async (lineId: number) =>
  (await db.select().from(orderLines).where(eq(orderLines.id, lineId)))[0]!;

const refundOf = async (afterSaleNo: string) => {
  const [row] = await db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(afterSales, eq(afterSales.id, refunds.afterSaleId))
    .where(eq(afterSales.afterSaleNo, afterSaleNo));
  return row?.refund ?? null;
};

/** The after-sale as its shopper reads it. */
const seen = (g: Given, afterSaleNo: string) =>
  readAfterSale(db, { shopId: g.shopId, userId: g.shopper.id, afterSaleNo });

const callsFor = (refundNo: string) => refundCalls.filter((c) => c.out_refund_no === refundNo);

/** A small real picture, as a phone would send it. */
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

describe('applying', () => {
  it('takes the kind from the order: 仅退款 while paid, 退货退款 once shipped, neither before payment', async () => {
    const g = await givenShopWithShopper();
    const unpaid = await unpaidOrder(g);
    for (const kind of ['refund', 'return'] as const) {
      await expect(apply(g, unpaid.order.orderNo, unpaid.line.id, { kind })).rejects.toMatchObject({
        code: 43001,
      });
    }

    const paid = await paidOrder(g);
    await expect(
      apply(g, paid.order.orderNo, paid.line.id, { kind: 'return' }),
    ).rejects.toMatchObject({ code: 43003 });
    const shipped = await orderAt(g, 'shipped');
    await expect(
      apply(g, shipped.order.orderNo, shipped.line.id, { kind: 'refund' }),
    ).rejects.toMatchObject({ code: 43003 });
    expect((await lineOf(paid.line.id)).refundStatus).toBeNull();
    expect((await lineOf(shipped.line.id)).refundStatus).toBeNull();

    // Before shipping the line's whole payment comes back, freight included (¥49.90 + ¥10).
    expect(paid.line.freightCents).toBe(1000);
    const refund = await apply(g, paid.order.orderNo, paid.line.id, {
      kind: 'refund',
      reason: '拍错/多拍',
      description: '  颜色拍错了  ',
      auditChannel: 2,
    });
    expect(refund).toMatchObject({
      kind: 'refund',
      kindText: '仅退款',
      amountCents: paid.line.paidCents,
      reason: '拍错/多拍',
      status: RefundStatus.UnderReview,
      statusText: '退款审核中',
      auditChannel: 2,
      refund: 'none',
      refundedAt: null,
      actions: [],
    });
    expect(paid.line.paidCents).toBe(5990);
    expect((await lineOf(paid.line.id)).refundStatus).toBe(RefundStatus.UnderReview);

    // After shipping the freight was used: the goods' share only.
    const ret = await apply(g, shipped.order.orderNo, shipped.line.id, { kind: 'return' });
    expect(ret).toMatchObject({ kind: 'return', kindText: '退货退款', amountCents: 4990 });
    expect(ret.amountCents).toBe(shipped.line.paidCents - shipped.line.freightCents);
  });

  it('allows 退货退款 on a completed order for seven days after it completed', async () => {
    const g = await givenShopWithShopper();
    const late = await orderAt(g, 'completed');
    await expect(
      apply(g, late.order.orderNo, late.line.id, {
        kind: 'return',
        now: new Date(NOW.getTime() + 7 * DAY + 60_000),
      }),
    ).rejects.toMatchObject({ code: 43008 });
    await expect(
      readAfterSaleOffer(db, {
        shopId: g.shopId,
        userId: g.shopper.id,
        orderNo: late.order.orderNo,
        lineId: late.line.id,
        now: new Date(NOW.getTime() + 8 * DAY),
      }),
    ).rejects.toMatchObject({ code: 43008 });

    const inTime = await orderAt(g, 'completed');
    const offer = await readAfterSaleOffer(db, {
      shopId: g.shopId,
      userId: g.shopper.id,
      orderNo: inTime.order.orderNo,
      lineId: inTime.line.id,
      now: new Date(NOW.getTime() + 6 * DAY),
    });
    expect(offer).toMatchObject({ kind: 'return', amountCents: 4990 });
    const view = await apply(g, inTime.order.orderNo, inTime.line.id, {
      kind: 'return',
      now: new Date(NOW.getTime() + 6 * DAY),
    });
    expect(view.amountCents).toBe(offer.amountCents);
  });

  it('offers what applying would do, and refuses what applying would refuse', async () => {
    const g = await givenShopWithShopper();
    const paid = await paidOrder(g);
    const scope = { shopId: g.shopId, userId: g.shopper.id, orderNo: paid.order.orderNo, now: NOW };
    expect(await readAfterSaleOffer(db, { ...scope, lineId: paid.line.id })).toEqual({
      kind: 'refund',
      amountCents: 5990,
      line: {
        lineId: paid.line.id,
        productName: paid.line.productName,
        skuDesc: paid.line.skuDesc,
        imageUrl: paid.line.imageUrl,
        unitPriceCents: 4990,
        quantity: 1,
        refundStatus: null,
      },
    });
    const stranger = await givenMember(db, g.shopId);
    await expect(
      readAfterSaleOffer(db, { ...scope, userId: stranger.id, lineId: paid.line.id }),
    ).rejects.toMatchObject({ code: 40411 });
    await apply(g, paid.order.orderNo, paid.line.id, { kind: 'refund' });
    await expect(readAfterSaleOffer(db, { ...scope, lineId: paid.line.id })).rejects.toMatchObject({
      code: 43002,
    });
    const unpaid = await unpaidOrder(g);
    await expect(
      readAfterSaleOffer(db, { ...scope, orderNo: unpaid.order.orderNo, lineId: unpaid.line.id }),
    ).rejects.toMatchObject({ code: 43001 });
  });

  it('takes only the caller’s own private photos', async () => {
    const g = await givenShopWithShopper();
    const paid = await paidOrder(g);
    const stranger = await givenMember(db, g.shopId);
    const theirs = await storeAfterSalePhoto(db, stranger.id, await png(), NOW);
    const [publicPicture] = await db
      .insert(media)
      .values({
        contentType: 'image/png',
        bytes: await png(),
        width: 40,
        height: 30,
        isPublic: true,
      })
      .returning({ id: media.id });
    const mine = await storeAfterSalePhoto(db, g.shopper.id, await png(), NOW);

    for (const photoIds of [[theirs.photoId], [publicPicture!.id], [mine.photoId, 999_999]]) {
      await expect(
        apply(g, paid.order.orderNo, paid.line.id, { kind: 'refund', photoIds }),
      ).rejects.toMatchObject({ code: 43004 });
    }
    expect((await lineOf(paid.line.id)).refundStatus).toBeNull();

    const view = await apply(g, paid.order.orderNo, paid.line.id, {
      kind: 'refund',
      photoIds: [mine.photoId, mine.photoId],
    });
    expect(view.photos).toEqual([`/api/order/afterSale/photo/${mine.photoId}`]);
    expect(mine.url).toBe(view.photos[0]);
    // The shopper and the shop's owner see it; anyone else does not.
    expect(await readAfterSalePhoto(db, g.shopper.id, mine.photoId)).not.toBeNull();
    expect(await readAfterSalePhoto(db, g.ownerId, mine.photoId)).not.toBeNull();
    expect(await readAfterSalePhoto(db, stranger.id, mine.photoId)).toBeNull();
  });

  it('keeps one open after-sale per line', async () => {
    const g = await givenShopWithShopper();
    const paid = await paidOrder(g);
    const first = await apply(g, paid.order.orderNo, paid.line.id, { kind: 'refund' });
    await expect(
      apply(g, paid.order.orderNo, paid.line.id, { kind: 'refund', reason: '其他' }),
    ).rejects.toMatchObject({ code: 43002 });
    // 申请退款 (cancelOrderLine) is the same after-sale: refused as the order having moved on.
    await expect(
      applyLineRefund(db, {
        shopId: g.shopId,
        userId: g.shopper.id,
        orderNo: paid.order.orderNo,
        lineId: paid.line.id,
        reason: '其他',
        now: NOW,
      }),
    ).rejects.toMatchObject({ code: 41007 });
    const rows = await db.select().from(afterSales).where(eq(afterSales.orderLineId, paid.line.id));
    expect(rows.map((r) => r.afterSaleNo)).toEqual([first.afterSaleNo]);
  });
});

describe('reviewing', () => {
  it('is the shop owner’s alone; a missing after-sale is not found', async () => {
    const g = await givenShopWithShopper();
    const paid = await paidOrder(g);
    const view = await apply(g, paid.order.orderNo, paid.line.id, { kind: 'refund' });
    const other = await givenShopWithShopper();
    const distributor = await givenMember(db, g.shopId, { role: 3 });
    for (const who of [g.shopper.id, distributor.id, other.ownerId]) {
      await expect(review(g, view.afterSaleNo, { approve: true }, who)).rejects.toMatchObject({
        code: 43007,
      });
      await expect(waitingAuditCount(db, { shopId: g.shopId, ownerId: who })).rejects.toMatchObject(
        { code: 43007 },
      );
    }
    // Another shop's owner does not reach this shop's after-sale through their own shop either.
    await expect(
      reviewAfterSale(db, gateway, {
        shopId: other.shopId,
        ownerId: other.ownerId,
        afterSaleNo: view.afterSaleNo,
        approve: true,
      }),
    ).rejects.toMatchObject({ code: 40413 });
    await expect(review(g, 'S2026112100000000', { approve: true })).rejects.toMatchObject({
      code: 40413,
    });
    expect(await waitingAuditCount(db, { shopId: g.shopId, ownerId: g.ownerId })).toBe(1);
    expect((await seen(g, view.afterSaleNo)).status).toBe(RefundStatus.UnderReview);
  });

  it('approves a 仅退款: stock back, a refund RA+number saved and sent once, the order cancelled', async () => {
    const g = await givenShopWithShopper();
    const paid = await paidOrder(g, 2);
    expect(await stockOf(g)).toBe(8);
    const view = await apply(g, paid.order.orderNo, paid.line.id, { kind: 'refund' });
    const list = await listShopAfterSales(db, {
      shopId: g.shopId,
      ownerId: g.ownerId,
      status: 'waiting',
    });
    expect(list.waiting).toBe(1);
    expect(list.list[0]).toMatchObject({
      afterSaleNo: view.afterSaleNo,
      actions: ['approve', 'refuse'],
    });

    const approved = await review(g, view.afterSaleNo, { approve: true });
    expect(approved).toMatchObject({ status: RefundStatus.Approved, actions: [] });
    expect(await stockOf(g)).toBe(10);
    expect((await lineOf(paid.line.id)).refundStatus).toBe(RefundStatus.Approved);
    const refundNo = `RA${view.afterSaleNo}`;
    expect(await refundOf(view.afterSaleNo)).toMatchObject({
      refundNo,
      orderId: paid.order.id,
      amountCents: paid.line.paidCents,
      cause: 'after_sale',
    });
    // Sent after the commit: the gateway is asked once, for the line's own money.
    await expect
      .poll(async () => (await refundOf(view.afterSaleNo))?.status)
      .toBe(RefundState.Processing);
    expect(callsFor(refundNo)).toEqual([
      expect.objectContaining({
        out_trade_no: paid.paymentNo,
        out_refund_no: refundNo,
        amount: { refund: paid.line.paidCents, total: paid.order.payCents, currency: 'CNY' },
      }),
    ]);
    // Its only line refunded, nothing is left to ship.
    expect((await db.select().from(orders).where(eq(orders.id, paid.order.id)))[0]).toMatchObject({
      status: OrderStatus.Cancelled,
      cancelReason: '全部退款',
    });
    expect((await seen(g, view.afterSaleNo)).statusText).toBe('审核通过，退款中');

    // A second decision finds it decided: no second refund, no second restock.
    for (const decision of [{ approve: true }, { approve: false, refusal: '重复' }]) {
      await expect(review(g, view.afterSaleNo, decision)).rejects.toMatchObject({ code: 43005 });
    }
    expect(await stockOf(g)).toBe(10);
    expect(await db.select().from(refunds).where(eq(refunds.orderId, paid.order.id))).toHaveLength(
      1,
    );
    expect(callsFor(refundNo)).toHaveLength(1);

    // The gateway's REFUND.SUCCESS settles it: 退款成功, with its time on the timeline.
    const refund = (await refundOf(view.afterSaleNo))!;
    const settledAt = new Date(NOW.getTime() + 60_000);
    expect(
      await applyRefundNotice(db, gateway, {
        mchid: gateway.client.mchId,
        out_trade_no: paid.paymentNo,
        transaction_id: `4200${paid.paymentNo}`,
        out_refund_no: refundNo,
        refund_id: refund.gatewayRefundId!,
        refund_status: 'SUCCESS',
        success_time: settledAt.toISOString(),
        user_received_account: '支付用户零钱',
        amount: {
          total: paid.order.payCents,
          refund: refund.amountCents,
          payer_total: paid.order.payCents,
          payer_refund: refund.amountCents,
        },
      }),
    ).toBe('applied');
    expect(await seen(g, view.afterSaleNo)).toMatchObject({
      statusText: '退款成功',
      refund: 'refunded',
      refundedAt: settledAt.toISOString(),
    });
  });

  it('refuses only with a reason; the shopper reads it and may apply again', async () => {
    const g = await givenShopWithShopper();
    const paid = await paidOrder(g);
    const view = await apply(g, paid.order.orderNo, paid.line.id, { kind: 'refund' });
    await expect(review(g, view.afterSaleNo, { approve: false })).rejects.toMatchObject({
      code: 43006,
    });
    await expect(
      review(g, view.afterSaleNo, { approve: false, refusal: '' }),
    ).rejects.toMatchObject({ code: 43006 });

    const refused = await review(g, view.afterSaleNo, {
      approve: false,
      refusal: '商品已打包，无法退款',
    });
    expect(refused).toMatchObject({ status: RefundStatus.Failed, refusal: '商品已打包，无法退款' });
    expect(await seen(g, view.afterSaleNo)).toMatchObject({
      statusText: '退款失败',
      refusal: '商品已打包，无法退款',
    });
    expect((await lineOf(paid.line.id)).refundStatus).toBe(RefundStatus.Failed);
    expect(await refundOf(view.afterSaleNo)).toBeNull();
    expect(await stockOf(g)).toBe(9);
    expect(await waitingAuditCount(db, { shopId: g.shopId, ownerId: g.ownerId })).toBe(0);
    await expect(review(g, view.afterSaleNo, { approve: true })).rejects.toMatchObject({
      code: 43005,
    });

    const again = await apply(g, paid.order.orderNo, paid.line.id, {
      kind: 'refund',
      reason: '其他',
    });
    expect(again.afterSaleNo).not.toBe(view.afterSaleNo);
    expect(again).toMatchObject({ status: RefundStatus.UnderReview, statusText: '退款审核中' });
    expect((await lineOf(paid.line.id)).refundStatus).toBe(RefundStatus.UnderReview);
  });
});

describe('returns', () => {
  it('goes approved → parcel sent → received: stock back and the goods’ share refunded', async () => {
    const g = await givenShopWithShopper();
    const shipped = await orderAt(g, 'shipped');
    const view = await apply(g, shipped.order.orderNo, shipped.line.id, {
      kind: 'return',
      reason: '质量问题',
    });
    const shopper = { shopId: g.shopId, userId: g.shopper.id, afterSaleNo: view.afterSaleNo };
    const parcel = { ...shopper, company: '中通快递', trackingNo: 'ZT123456789', now: NOW };
    const receive = () =>
      receiveReturn(db, gateway, {
        shopId: g.shopId,
        ownerId: g.ownerId,
        afterSaleNo: view.afterSaleNo,
        now: NOW,
      });

    // Nothing to send back before the shop agrees; nothing to receive before it is sent.
    await expect(shipReturn(db, parcel)).rejects.toMatchObject({ code: 43005 });
    await review(g, view.afterSaleNo, { approve: true });
    expect(await refundOf(view.afterSaleNo)).toBeNull();
    expect(await stockOf(g)).toBe(9);
    expect(await readAfterSale(db, shopper)).toMatchObject({
      statusText: '审核通过，请寄回商品',
      actions: ['shipReturn'],
    });
    await expect(receive()).rejects.toMatchObject({ code: 43005 });
    const stranger = await givenMember(db, g.shopId);
    await expect(shipReturn(db, { ...parcel, userId: stranger.id })).rejects.toMatchObject({
      code: 40413,
    });

    const sent = await shipReturn(db, parcel);
    expect(sent).toMatchObject({
      statusText: '商品寄回中，等待商家收货',
      returnCompany: '中通快递',
      returnTrackingNo: 'ZT123456789',
      returnShippedAt: NOW.toISOString(),
      actions: [],
    });
    await expect(shipReturn(db, parcel)).rejects.toMatchObject({ code: 43005 });
    const waiting = await listShopAfterSales(db, {
      shopId: g.shopId,
      ownerId: g.ownerId,
      status: 'waiting',
    });
    expect(waiting.list.map((a) => [a.afterSaleNo, a.actions])).toEqual([
      [view.afterSaleNo, ['receiveReturn']],
    ]);

    const received = await receive();
    expect(received.returnReceivedAt).toBe(NOW.toISOString());
    expect(await stockOf(g)).toBe(10);
    const refundNo = `RA${view.afterSaleNo}`;
    expect(await refundOf(view.afterSaleNo)).toMatchObject({ refundNo, amountCents: 4990 });
    await expect.poll(() => callsFor(refundNo).length).toBe(1);
    expect(callsFor(refundNo)[0]!.amount).toEqual({
      refund: shipped.line.paidCents - shipped.line.freightCents,
      total: shipped.order.payCents,
      currency: 'CNY',
    });
    await expect(receive()).rejects.toMatchObject({ code: 43005 });
    expect(await stockOf(g)).toBe(10);
    await expect
      .poll(async () => (await refundOf(view.afterSaleNo))?.status)
      .toBe(RefundState.Processing);
    expect(callsFor(refundNo)).toHaveLength(1);
  });
});

describe('an order with an after-sale under way', () => {
  it('does not complete, by the shopper or by the timer, until it is settled', async () => {
    const g = await givenShopWithShopper();
    const shipped = await orderAt(g, 'shipped');
    const view = await apply(g, shipped.order.orderNo, shipped.line.id, { kind: 'return' });
    const confirm = () =>
      confirmReceipt(db, {
        shopId: g.shopId,
        userId: g.shopper.id,
        orderNo: shipped.order.orderNo,
        now: NOW,
      });
    const statusOf = async () =>
      (await db.select().from(orders).where(eq(orders.id, shipped.order.id)))[0]!.status;

    await expect(confirm()).rejects.toMatchObject({ code: 41012 });
    const later = new Date(NOW.getTime() + 8 * DAY);
    await completeDueOrders(db, later);
    expect(await statusOf()).toBe(OrderStatus.Shipped);

    // Approved is still under way (the money has not come back).
    await review(g, view.afterSaleNo, { approve: true });
    await expect(confirm()).rejects.toMatchObject({ code: 41012 });
    await completeDueOrders(db, later);
    expect(await statusOf()).toBe(OrderStatus.Shipped);
  });

  it('completes once the after-sale was refused', async () => {
    const g = await givenShopWithShopper();
    const shipped = await orderAt(g, 'shipped');
    const view = await apply(g, shipped.order.orderNo, shipped.line.id, { kind: 'return' });
    await review(g, view.afterSaleNo, { approve: false, refusal: '商品已使用' });
    await confirmReceipt(db, {
      shopId: g.shopId,
      userId: g.shopper.id,
      orderNo: shipped.order.orderNo,
      now: NOW,
    });
    const [row] = await db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, shipped.order.id)));
    expect(row!.status).toBe(OrderStatus.Completed);
  });
});

describe('an order whose every line is refunded', () => {
  const shopperOf = (g: Given, orderNo: string) => ({
    shopId: g.shopId,
    userId: g.shopper.id,
    orderNo,
  });

  it('is closed once its shipped goods came back and were refunded: no 查看物流, no 确认收货', async () => {
    const g = await givenShopWithShopper();
    const shipped = await orderAt(g, 'shipped');
    const view = await apply(g, shipped.order.orderNo, shipped.line.id, { kind: 'return' });
    await review(g, view.afterSaleNo, { approve: true });
    // Approved but not yet back: still on its way to the shopper's refund.
    expect((await readOrderDetail(db, shopperOf(g, shipped.order.orderNo))).status).toBe(
      OrderStatus.Shipped,
    );
    await shipReturn(db, {
      shopId: g.shopId,
      userId: g.shopper.id,
      afterSaleNo: view.afterSaleNo,
      company: '中通快递',
      trackingNo: 'ZT000000001',
      now: NOW,
    });
    await receiveReturn(db, gateway, {
      shopId: g.shopId,
      ownerId: g.ownerId,
      afterSaleNo: view.afterSaleNo,
      now: NOW,
    });

    const detail = await readOrderDetail(db, shopperOf(g, shipped.order.orderNo));
    expect(detail).toMatchObject({
      status: OrderStatus.Cancelled,
      statusText: '已取消',
      cancelReason: '全部退款',
      actions: ['hide'],
    });
    expect(detail.timeline.at(-1)).toMatchObject({
      kind: 'cancelled',
      text: '商家取消了订单：全部退款',
    });
    const page = await listOrders(db, { shopId: g.shopId, userId: g.shopper.id, tab: 'all' });
    expect(page.list.find((o) => o.orderNo === shipped.order.orderNo)).toMatchObject({
      status: OrderStatus.Cancelled,
      statusText: '已取消',
      actions: ['hide'],
    });
  });

  it('stays shipped while a line of it is not refunded', async () => {
    const g = await givenShopWithShopper();
    const shipped = await orderAt(g, 'shipped');
    const view = await apply(g, shipped.order.orderNo, shipped.line.id, { kind: 'return' });
    await review(g, view.afterSaleNo, { approve: false, refusal: '商品已使用' });
    const detail = await readOrderDetail(db, shopperOf(g, shipped.order.orderNo));
    expect(detail.status).toBe(OrderStatus.Shipped);
    expect(detail.actions).toEqual(['logistics', 'confirmReceipt']);
  });
});

describe('仅退款 and shipping', () => {
  const ship = (g: Given, orderNo: string) =>
    shipOrder(db, {
      shopId: g.shopId,
      ownerId: g.ownerId,
      orderNo,
      carrier: 'SF',
      company: '顺丰速运',
      trackingNo: `SF${orderNo}`,
      now: NOW,
    });

  it('refuses to ship while a 仅退款 waits for the owner; approved, the goods never leave', async () => {
    const g = await givenShopWithShopper();
    const paid = await paidOrder(g);
    const view = await apply(g, paid.order.orderNo, paid.line.id, { kind: 'refund' });
    expect(await stockOf(g)).toBe(9);

    await expect(ship(g, paid.order.orderNo)).rejects.toMatchObject({
      code: 41013,
      message: '该订单有退款申请待处理，请先处理退款再发货',
    });
    const [order] = await db.select().from(orders).where(eq(orders.id, paid.order.id));
    expect(order!.status).toBe(OrderStatus.Paid);
    // The owner's 发货 screen offers no form while it waits, and says why.
    const owners = { distributorId: g.ownerId, shopId: g.shopId, orderNo: paid.order.orderNo };
    expect(await readDistributorOrder(db, owners)).toMatchObject({
      canShip: false,
      refundWaiting: true,
    });

    await review(g, view.afterSaleNo, { approve: true });
    expect(await stockOf(g)).toBe(10);
    const [closed] = await db.select().from(orders).where(eq(orders.id, paid.order.id));
    expect(closed!.status).toBe(OrderStatus.Cancelled);
    await expect(ship(g, paid.order.orderNo)).rejects.toMatchObject({ code: 41007 });
  });

  it('ships once the 仅退款 was refused', async () => {
    const g = await givenShopWithShopper();
    const paid = await paidOrder(g);
    const view = await apply(g, paid.order.orderNo, paid.line.id, { kind: 'refund' });
    await review(g, view.afterSaleNo, { approve: false, refusal: '已打包' });
    const owners = { distributorId: g.ownerId, shopId: g.shopId, orderNo: paid.order.orderNo };
    expect(await readDistributorOrder(db, owners)).toMatchObject({
      canShip: true,
      refundWaiting: false,
    });
    await ship(g, paid.order.orderNo);
    const [order] = await db.select().from(orders).where(eq(orders.id, paid.order.id));
    expect(order!.status).toBe(OrderStatus.Shipped);
    // Shipped: only 退货退款 now.
    await expect(
      apply(g, paid.order.orderNo, paid.line.id, { kind: 'refund' }),
    ).rejects.toMatchObject({ code: 43003 });
  });

  it('never approves a 仅退款 on an order that has shipped: no refund, no stock back', async () => {
    const g = await givenShopWithShopper();
    const paid = await paidOrder(g);
    const view = await apply(g, paid.order.orderNo, paid.line.id, { kind: 'refund' });
    // As rows written before shipping checked for a 仅退款 under review can be.
    await db
      .update(orders)
      .set({ status: OrderStatus.Shipped, shippedAt: NOW })
      .where(eq(orders.id, paid.order.id));

    await expect(review(g, view.afterSaleNo, { approve: true })).rejects.toMatchObject({
      code: 43005,
    });
    expect(await stockOf(g)).toBe(9);
    expect(await refundOf(view.afterSaleNo)).toBeNull();
    expect((await seen(g, view.afterSaleNo)).status).toBe(RefundStatus.UnderReview);
    // The owner may still refuse it.
    await review(g, view.afterSaleNo, { approve: false, refusal: '商品已发出，请申请退货退款' });
    expect((await lineOf(paid.line.id)).refundStatus).toBe(RefundStatus.Failed);
  });
});
