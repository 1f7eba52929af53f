/**
 * Commission in the ledger, through the real commands on the embedded database: orders placed
 * from a shop keeper's link (placeOrder), paid at the sandbox gateway in-process and notified
 * (tests/fixtures/payments.ts), shipped, received, refunded through after-sales, and settled by
 * settleDueCommission. The gateway keeps the real clock, so the commands start from now and
 * later moments are passed as their `now`. The ledger is audited after every test.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  activities,
  afterSales,
  bankCards,
  ledgerTransfers,
  orderLines,
  orders,
  payments,
  products,
  refunds,
  shops,
} from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenAddress,
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
} from '#tests/fixtures/given.ts';
import { givenCertifiedKeeper } from '#tests/fixtures/certified.ts';
import {
  handMadeNotification,
  inProcessGateway,
  payAtGateway,
  type InProcessGateway,
} from '#tests/fixtures/payments.ts';
import { addToCart } from '#lib/cart/cart.server.ts';
import { getProductDetail } from '#lib/catalog/catalog.server.ts';
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { confirmReceipt, shipOrder } from '#lib/orders/commands.server.ts';
import { applyLineRefund } from '#lib/after-sales/line-refund.server.ts';
import { createPayment, saveRefund } from '#lib/payments/payments.server.ts';
import { receivePaymentNotification } from '#lib/payments/notify.server.ts';
import { RefundState } from '#lib/payments/status.ts';
import {
  applyAfterSale,
  receiveReturn,
  reviewAfterSale,
  shipReturn,
} from '#lib/after-sales/after-sales.server.ts';
import { applyWithdrawal } from '../distribution/withdrawals.server.ts';
import { commissionAfterRefund, commissionCents } from './commission.ts';
import { adjustCommissionForRefund, settleDueCommission } from './commission.server.ts';
import { auditLedger, keeperBalances } from './ledger.server.ts';
import { TransferKind, TransferReason, transferId } from './ledger.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The commands start now: the sandbox gateway pays and refunds on the real clock. */
const T0 = new Date();
const later = (ms: number) => new Date(T0.getTime() + ms);
/** Far enough that every commission still due is, to drain what earlier tests left. */
const FAR = later(400 * DAY);

let database: Database;
let db: Db;
let gateway: InProcessGateway;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
  gateway = await inProcessGateway(db);
});
afterAll(() => database.close());
afterEach(async () => {
  expect(await auditLedger(db)).toEqual([]);
  // What this test left due is settled now, so the next one counts only its own settlements.
  await settleDueCommission(db, FAR);
  expect(await auditLedger(db)).toEqual([]);
});

let keys = 0;

/**
 * A shop whose sale pays its keepers `rateBp` of the goods, selling a product at ¥49.90 (freight
 * ¥10 under ¥99) in two SKUs; a shop keeper of it and a shopper with an address.
 */
async function givenKeeperAndShopper(options: { rateBp?: number; settleDays?: number } = {}) {
  const shop = await givenShop(db);
  await db
    .update(shops)
    .set({ commissionSettleDays: options.settleDays ?? 7 })
    .where(eq(shops.id, shop.shopId));
  const sale = await givenSale(db, shop.shopId, { now: T0 });
  await db
    .update(activities)
    .set({ commissionRateBp: options.rateBp ?? 1000 })
    .where(eq(activities.id, sale.id));
  const product = await givenProduct(db, sale, { priceCents: 4990, skus: 2, stock: 50 });
  const keeper = await givenMember(db, shop.shopId, { role: 3 });
  const shopper = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, shopper.id);
  return { ...shop, sale, product, keeper, shopper, address };
}
type Given = Awaited<ReturnType<typeof givenKeeperAndShopper>>;

/**
 * The shopper orders from the keeper's link: one SKU (立即购买), or, with `cart`, the SKUs put in
 * the cart first (one order, a line each). Answers the order and its lines.
 */
async function order(
  g: Given,
  options: { quantity?: number; cart?: string[]; link?: number | null; userId?: number } = {},
) {
  const userId = options.userId ?? g.shopper.id;
  const address = userId === g.shopper.id ? g.address : await givenAddress(db, userId);
  if (options.cart) {
    for (const skuNo of options.cart) {
      await addToCart(db, { shopId: g.shopId, userId, skuNo, quantity: 1, now: T0 });
    }
  }
  const source = {
    shopId: g.shopId,
    userId,
    ...(options.cart ? {} : { skuNo: g.product.skuNos[0]!, quantity: options.quantity ?? 1 }),
    now: T0,
  };
  const { quote } = await previewCheckout(db, source);
  const placed = await placeOrder(db, {
    ...source,
    addressId: address.id,
    quote,
    idempotencyKey: `commission-key-${(keys += 1)}`,
    linkDistributorId: options.link === undefined ? g.keeper.id : (options.link ?? undefined),
  });
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, placed.orderNos[0]!));
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, row!.id))
    .orderBy(asc(orderLines.id));
  return { order: row!, lines, userId };
}
type Placed = Awaited<ReturnType<typeof order>>;

/** The shopper pays at the sandbox gateway, and its notification is delivered to the shop. */
async function pay(g: Given, placed: Placed) {
  const opened = await createPayment(db, gateway, {
    shopId: g.shopId,
    userId: placed.userId,
    orderNo: placed.order.orderNo,
    channel: 'native',
    userAgent: DESKTOP,
    clientIp: '203.0.113.7',
    origin: 'http://shop.test',
    successUrl: (no) => `http://shop.test/pay/success?paymentNo=${no}`,
  });
  const transaction = await payAtGateway(db, opened.paymentNo);
  expect(await gateway.deliver()).toBe(1);
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.paymentNo, opened.paymentNo));
  return { transaction, payment: payment! };
}

/** An order placed and paid. */
async function paidOrder(g: Given, options: Parameters<typeof order>[1] = {}) {
  const placed = await order(g, options);
  const paid = await pay(g, placed);
  return { ...placed, ...paid };
}

/** A paid order shipped by the owner and received by the shopper at `at`. */
async function completedOrder(g: Given, at = T0, options: Parameters<typeof order>[1] = {}) {
  const paid = await paidOrder(g, options);
  await shipOrder(db, {
    shopId: g.shopId,
    ownerId: g.ownerId,
    orderNo: paid.order.orderNo,
    carrier: 'SF',
    company: '顺丰速运',
    trackingNo: `SF${paid.order.id}000`,
    now: at,
  });
  await confirmReceipt(db, {
    shopId: g.shopId,
    userId: paid.userId,
    orderNo: paid.order.orderNo,
    now: at,
  });
  return paid;
}

/** Every transfer about an order line, oldest first. */
const transfersOfLine = (lineId: number) =>
  db
    .select({
      id: ledgerTransfers.id,
      kind: ledgerTransfers.kind,
      reason: ledgerTransfers.reason,
      amountCents: ledgerTransfers.amountCents,
      pendingId: ledgerTransfers.pendingId,
    })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.orderLineId, lineId))
    .orderBy(asc(ledgerTransfers.createdAt), asc(ledgerTransfers.id));

const balancesOf = (g: Given) => keeperBalances(db, g.shopId, g.keeper.id);

/** The refund of an after-sale, once the sandbox gateway said it succeeded. */
async function refundSucceeded(afterSaleNo: string) {
  const refundNo = `RA${afterSaleNo}`;
  await expect
    .poll(
      async () => {
        await gateway.deliver();
        const [refund] = await db.select().from(refunds).where(eq(refunds.refundNo, refundNo));
        return refund?.status;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(RefundState.Succeeded);
  return refundNo;
}

/** 仅退款 of a paid, unshipped line: applied by the shopper, approved by the owner (after paying). */
async function refundLine(g: Given, placed: Placed, lineId: number, at = later(HOUR)) {
  await applyLineRefund(db, {
    shopId: g.shopId,
    userId: placed.userId,
    orderNo: placed.order.orderNo,
    lineId,
    reason: '不想要了',
    now: at,
  });
  const [afterSale] = await db
    .select({ afterSaleNo: afterSales.afterSaleNo })
    .from(afterSales)
    .where(eq(afterSales.orderLineId, lineId))
    .orderBy(desc(afterSales.id))
    .limit(1);
  await reviewAfterSale(db, gateway, {
    shopId: g.shopId,
    ownerId: g.ownerId,
    afterSaleNo: afterSale!.afterSaleNo,
    approve: true,
    now: at,
  });
  return refundSucceeded(afterSale!.afterSaleNo);
}

/** 退货退款 of a completed line: applied, approved, sent back and received, at `at`. */
async function returnLine(g: Given, placed: Placed, lineId: number, at: Date) {
  const view = await applyAfterSale(db, {
    shopId: g.shopId,
    userId: placed.userId,
    orderNo: placed.order.orderNo,
    lineId,
    kind: 'return',
    reason: '质量问题',
    description: '',
    photoIds: [],
    auditChannel: 6,
    now: at,
  });
  await reviewAfterSale(db, gateway, {
    shopId: g.shopId,
    ownerId: g.ownerId,
    afterSaleNo: view.afterSaleNo,
    approve: true,
    now: at,
  });
  await shipReturn(db, {
    shopId: g.shopId,
    userId: placed.userId,
    afterSaleNo: view.afterSaleNo,
    company: '顺丰速运',
    trackingNo: `SF${lineId}999`,
    now: at,
  });
  await receiveReturn(db, gateway, {
    shopId: g.shopId,
    ownerId: g.ownerId,
    afterSaleNo: view.afterSaleNo,
    now: at,
  });
  return refundSucceeded(view.afterSaleNo);
}

/** The keeper withdraws to a bound card (the real command; the card row is written here). */
async function withdraw(g: Given, amountCents: number) {
  await givenCertifiedKeeper(db, g.shopId, g.keeper.id, { now: T0 });
  const [card] = await db
    .insert(bankCards)
    .values({
      userId: g.keeper.id,
      bankCode: 'ICBC',
      bankName: '工商银行',
      holderName: '店主',
      cardNoMasked: '**** 0000',
      cardNoCipher: 'cipher',
      cardNoHash: `hash-${g.keeper.id}-${(keys += 1)}`,
    })
    .returning({ id: bankCards.id });
  return applyWithdrawal(db, {
    shopId: g.shopId,
    userId: g.keeper.id,
    amountCents,
    bankCardId: card!.id,
    idempotencyKey: `withdraw-key-${(keys += 1)}`,
    now: T0,
  });
}

describe('a paid order from a shop keeper’s link', () => {
  it('promises the keeper its lines’ commission, pending, equal to order_lines.profit_cents', async () => {
    const g = await givenKeeperAndShopper({ rateBp: 1000 });
    const placed = await order(g, { quantity: 2 });
    const [line] = placed.lines;
    expect(placed.order.distributorId).toBe(g.keeper.id);
    // Two pieces at ¥49.90, free freight over ¥99: 10% of ¥99.80.
    expect(line).toMatchObject({ paidCents: 9980, freightCents: 0, commissionRateBp: 1000 });
    expect(line!.profitCents).toBe(998);
    // Nothing is promised before payment.
    expect(await transfersOfLine(line!.id)).toEqual([]);

    await pay(g, placed);
    expect(await transfersOfLine(line!.id)).toEqual([
      {
        id: transferId.commission(line!.id),
        kind: TransferKind.Pending,
        reason: TransferReason.Commission,
        amountCents: line!.profitCents,
        pendingId: null,
      },
    ]);
    expect(await balancesOf(g)).toEqual({
      availableCents: 0,
      pendingCents: 998,
      withdrawingCents: 0,
      owedCents: 0,
    });
  });

  it('leaves freight out of the commission', async () => {
    const g = await givenKeeperAndShopper({ rateBp: 1000 });
    const paid = await paidOrder(g);
    const [line] = paid.lines;
    expect(line).toMatchObject({ paidCents: 5990, freightCents: 1000, profitCents: 499 });
    expect((await balancesOf(g)).pendingCents).toBe(499);
  });

  it('promises nothing for an order nobody’s link brought', async () => {
    const g = await givenKeeperAndShopper();
    const paid = await paidOrder(g, { link: null });
    expect(paid.order.distributorId).toBeNull();
    expect(paid.lines[0]!.profitCents).toBe(0);
    expect(await transfersOfLine(paid.lines[0]!.id)).toEqual([]);
    expect(await balancesOf(g)).toMatchObject({ pendingCents: 0, availableCents: 0 });
  });

  it('paid twice (the gateway notifying again) promises once', async () => {
    const g = await givenKeeperAndShopper();
    const paid = await paidOrder(g);
    const again = await handMadeNotification(db, { resource: paid.transaction });
    const answer = await receivePaymentNotification(db, gateway, again.headers, again.body);
    expect(answer.status).toBeLessThan(300);
    // And once more with the very same notification id.
    await receivePaymentNotification(db, gateway, again.headers, again.body);
    expect(await transfersOfLine(paid.lines[0]!.id)).toHaveLength(1);
    expect((await balancesOf(g)).pendingCents).toBe(paid.lines[0]!.profitCents);
  });
});

describe('a refund before settlement', () => {
  it('voids exactly the refunded line’s commission; the other line stays promised', async () => {
    const g = await givenKeeperAndShopper({ rateBp: 1000 });
    const paid = await paidOrder(g, { cart: g.product.skuNos });
    expect(paid.lines).toHaveLength(2);
    const [first, second] = paid.lines as [(typeof paid.lines)[0], (typeof paid.lines)[0]];
    expect(first.profitCents).toBe(499);
    expect(second.profitCents).toBe(499);
    expect((await balancesOf(g)).pendingCents).toBe(998);

    await refundLine(g, paid, first.id);
    expect(await transfersOfLine(first.id)).toEqual([
      expect.objectContaining({ id: transferId.commission(first.id), kind: TransferKind.Pending }),
      {
        id: transferId.refundVoid(transferId.commission(first.id)),
        kind: TransferKind.Void,
        reason: TransferReason.RefundVoid,
        amountCents: 499,
        pendingId: transferId.commission(first.id),
      },
    ]);
    expect(await transfersOfLine(second.id)).toHaveLength(1);
    expect(await balancesOf(g)).toEqual({
      availableCents: 0,
      pendingCents: 499,
      withdrawingCents: 0,
      owedCents: 0,
    });
  });

  it('of part of a line re-promises the commission on what the shopper still paid', async () => {
    // After-sales refund whole lines; a partial refund is saved here as the refund commands
    // save one (against the line's after-sale) and the commission adjusted in its transaction.
    const g = await givenKeeperAndShopper({ rateBp: 1000 });
    const paid = await paidOrder(g, { quantity: 2 });
    const line = paid.lines[0]!;
    expect(line.profitCents).toBe(998);
    /** An after-sale of the line (one refund each), refunded `amountCents` at `now`. */
    const partial = async (refundNo: string, amountCents: number, now: Date) => {
      const afterSale = await applyAfterSale(db, {
        shopId: g.shopId,
        userId: g.shopper.id,
        orderNo: paid.order.orderNo,
        lineId: line.id,
        kind: 'refund',
        reason: '少件',
        description: '',
        photoIds: [],
        auditChannel: 6,
        now,
      });
      const afterSaleId = (await afterSaleIdOf(afterSale.afterSaleNo))!;
      await db.transaction(async (tx) => {
        const id = await saveRefund(tx, {
          paymentId: paid.payment.id,
          orderId: paid.order.id,
          refundNo,
          amountCents,
          cause: 'after_sale',
          reason: '少件',
          now,
        });
        await tx.update(refunds).set({ afterSaleId }).where(eq(refunds.id, id!));
        await adjustCommissionForRefund(tx, { orderLineId: line.id, refundNo, now });
      });
      // The shop closes the after-sale (the partial refund was its answer), so another may come.
      await reviewAfterSale(db, gateway, {
        shopId: g.shopId,
        ownerId: g.ownerId,
        afterSaleNo: afterSale.afterSaleNo,
        approve: false,
        refusal: '已部分退款',
        now,
      });
    };

    // An hour after paying, so the ledger's history reads in order.
    await partial('RPART1', 4000, later(HOUR));
    const kept = commissionAfterRefund(line, 4000);
    expect(kept).toBe(598);
    const original = transferId.commission(line.id);
    const repromised = transferId.recommission(line.id, 'RPART1');
    expect(await transfersOfLine(line.id)).toEqual([
      expect.objectContaining({ id: original, kind: TransferKind.Pending, amountCents: 998 }),
      expect.objectContaining({ id: repromised, kind: TransferKind.Pending, amountCents: 598 }),
      expect.objectContaining({
        id: transferId.refundVoid(original),
        kind: TransferKind.Void,
        pendingId: original,
        amountCents: 998,
      }),
    ]);
    expect((await balancesOf(g)).pendingCents).toBe(598);

    // The same refund adjusted again (a retry) changes nothing.
    await db.transaction((tx) =>
      adjustCommissionForRefund(tx, {
        orderLineId: line.id,
        refundNo: 'RPART1',
        now: later(2 * HOUR),
      }),
    );
    expect(await transfersOfLine(line.id)).toHaveLength(3);

    // A second partial refund voids the re-promise and promises what is left again.
    await partial('RPART2', 2000, later(3 * HOUR));
    expect(commissionAfterRefund(line, 6000)).toBe(398);
    const latest = await transfersOfLine(line.id);
    expect(latest).toHaveLength(5);
    expect(latest).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: transferId.refundVoid(repromised),
          kind: TransferKind.Void,
          pendingId: repromised,
          amountCents: 598,
        }),
        expect.objectContaining({
          id: transferId.recommission(line.id, 'RPART2'),
          kind: TransferKind.Pending,
          amountCents: 398,
        }),
      ]),
    );
    expect(await balancesOf(g)).toMatchObject({ pendingCents: 398, availableCents: 0 });
  });

  it('of a whole order cancels it and leaves nothing promised, and nothing settles later', async () => {
    const g = await givenKeeperAndShopper();
    const paid = await paidOrder(g);
    await refundLine(g, paid, paid.lines[0]!.id);
    const [row] = await db.select().from(orders).where(eq(orders.id, paid.order.id));
    expect(row!.status).toBe(50); // cancelled: 全部退款
    expect(await balancesOf(g)).toMatchObject({ pendingCents: 0, availableCents: 0 });
    expect(await settleDueCommission(db, FAR)).toBe(0);
    expect(await transfersOfLine(paid.lines[0]!.id)).toHaveLength(2);
  });
});

async function afterSaleIdOf(afterSaleNo: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: afterSales.id })
    .from(afterSales)
    .where(eq(afterSales.afterSaleNo, afterSaleNo));
  return row?.id;
}

describe('settlement', () => {
  it('posts the commission once the order has been complete for the shop’s window', async () => {
    const g = await givenKeeperAndShopper({ settleDays: 7 });
    const paid = await completedOrder(g, T0);
    const line = paid.lines[0]!;
    expect(await settleDueCommission(db, later(7 * DAY - 60_000))).toBe(0);
    expect(await balancesOf(g)).toMatchObject({ pendingCents: 499, availableCents: 0 });

    expect(await settleDueCommission(db, later(7 * DAY))).toBe(1);
    expect(await balancesOf(g)).toEqual({
      availableCents: 499,
      pendingCents: 0,
      withdrawingCents: 0,
      owedCents: 0,
    });
    const settle = transferId.settle(transferId.commission(line.id));
    expect((await transfersOfLine(line.id)).at(-1)).toEqual({
      id: settle,
      kind: TransferKind.Post,
      reason: TransferReason.Settle,
      amountCents: 499,
      pendingId: transferId.commission(line.id),
    });
    // Once only.
    expect(await settleDueCommission(db, later(8 * DAY))).toBe(0);
    expect(await transfersOfLine(line.id)).toHaveLength(2);
  });

  it('follows the shop’s own window', async () => {
    const g = await givenKeeperAndShopper({ settleDays: 1 });
    await completedOrder(g, T0);
    expect(await settleDueCommission(db, later(DAY - 1000))).toBe(0);
    expect(await settleDueCommission(db, later(DAY))).toBe(1);
    expect((await balancesOf(g)).availableCents).toBe(499);
  });

  it('waits for an order that is not complete, or has an after-sale open', async () => {
    const g = await givenKeeperAndShopper({ settleDays: 3 });
    const shipped = await paidOrder(g);
    await shipOrder(db, {
      shopId: g.shopId,
      ownerId: g.ownerId,
      orderNo: shipped.order.orderNo,
      carrier: 'SF',
      company: '顺丰速运',
      trackingNo: `SF${shipped.order.id}000`,
      now: T0,
    });
    const complete = await completedOrder(g, T0);
    const underReview = await applyAfterSale(db, {
      shopId: g.shopId,
      userId: g.shopper.id,
      orderNo: complete.order.orderNo,
      lineId: complete.lines[0]!.id,
      kind: 'return',
      reason: '质量问题',
      description: '',
      photoIds: [],
      auditChannel: 6,
      now: later(DAY),
    });
    expect(await settleDueCommission(db, later(10 * DAY))).toBe(0);
    expect(await balancesOf(g)).toMatchObject({ pendingCents: 998, availableCents: 0 });

    // Refused: the after-sale is over and the commission settles.
    await reviewAfterSale(db, gateway, {
      shopId: g.shopId,
      ownerId: g.ownerId,
      afterSaleNo: underReview.afterSaleNo,
      approve: false,
      refusal: '商品完好',
      now: later(2 * DAY),
    });
    expect(await settleDueCommission(db, later(10 * DAY))).toBe(1);
    expect(await balancesOf(g)).toMatchObject({ pendingCents: 499, availableCents: 499 });
  });

  it('settles what is left after a refund before it', async () => {
    const g = await givenKeeperAndShopper({ settleDays: 2 });
    const paid = await paidOrder(g, { cart: g.product.skuNos });
    await refundLine(g, paid, paid.lines[0]!.id);
    await shipOrder(db, {
      shopId: g.shopId,
      ownerId: g.ownerId,
      orderNo: paid.order.orderNo,
      carrier: 'SF',
      company: '顺丰速运',
      trackingNo: `SF${paid.order.id}000`,
      now: T0,
    });
    await confirmReceipt(db, {
      shopId: g.shopId,
      userId: g.shopper.id,
      orderNo: paid.order.orderNo,
      now: T0,
    });
    expect(await settleDueCommission(db, later(2 * DAY))).toBe(1);
    expect(await balancesOf(g)).toMatchObject({ pendingCents: 0, availableCents: 499 });
    expect(await transfersOfLine(paid.lines[0]!.id)).toHaveLength(2); // promised, voided
  });
});

describe('a refund after settlement', () => {
  it('claws the commission back from the available balance', async () => {
    // A 3-day window, inside the 7 days a completed order may still be returned.
    const g = await givenKeeperAndShopper({ settleDays: 3 });
    const paid = await completedOrder(g, T0);
    const line = paid.lines[0]!;
    expect(await settleDueCommission(db, later(3 * DAY))).toBe(1);
    expect((await balancesOf(g)).availableCents).toBe(499);

    const refundNo = await returnLine(g, paid, line.id, later(4 * DAY));
    expect((await transfersOfLine(line.id)).at(-1)).toEqual({
      id: transferId.clawback(line.id, refundNo),
      kind: TransferKind.Posted,
      reason: TransferReason.Clawback,
      amountCents: 499,
      pendingId: null,
    });
    expect(await balancesOf(g)).toEqual({
      availableCents: 0,
      pendingCents: 0,
      withdrawingCents: 0,
      owedCents: 0,
    });
    // Nothing left to settle or claw back.
    expect(await settleDueCommission(db, FAR)).toBe(0);
    await db.transaction((tx) =>
      adjustCommissionForRefund(tx, { orderLineId: line.id, refundNo, now: later(5 * DAY) }),
    );
    expect(await transfersOfLine(line.id)).toHaveLength(3);
  });

  it('larger than the available balance records the rest as owed, repaid by the next settlement', async () => {
    const g = await givenKeeperAndShopper({ settleDays: 3 });
    const first = await completedOrder(g, T0);
    const second = await completedOrder(g, T0);
    expect(await settleDueCommission(db, later(3 * DAY))).toBe(2);
    expect((await balancesOf(g)).availableCents).toBe(998);
    // The keeper withdraws ¥8.00 of ¥9.98: ¥1.98 stays available.
    await withdraw(g, 800);
    expect(await balancesOf(g)).toMatchObject({ availableCents: 198, withdrawingCents: 800 });

    const refundNo = await returnLine(g, first, first.lines[0]!.id, later(4 * DAY));
    const lineId = first.lines[0]!.id;
    expect((await transfersOfLine(lineId)).slice(-2)).toEqual([
      {
        id: transferId.clawback(lineId, refundNo),
        kind: TransferKind.Posted,
        reason: TransferReason.Clawback,
        amountCents: 198,
        pendingId: null,
      },
      {
        id: transferId.clawbackOwed(lineId, refundNo),
        kind: TransferKind.Posted,
        reason: TransferReason.ClawbackOwed,
        amountCents: 301,
        pendingId: null,
      },
    ]);
    expect(await balancesOf(g)).toEqual({
      availableCents: 0,
      pendingCents: 0,
      withdrawingCents: 800,
      owedCents: 301,
    });
    expect(second.lines[0]!.profitCents).toBe(499);

    // The next commission settles, and what is owed is repaid from it first.
    const third = await completedOrder(g, later(4 * DAY));
    expect((await balancesOf(g)).pendingCents).toBe(499);
    expect(await settleDueCommission(db, later(7 * DAY))).toBe(1);
    const settleId = transferId.settle(transferId.commission(third.lines[0]!.id));
    const [repay] = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, transferId.repay(settleId)));
    expect(repay).toMatchObject({ kind: TransferKind.Posted, reason: TransferReason.Repay });
    expect(repay!.amountCents).toBe(301);
    expect(await balancesOf(g)).toEqual({
      availableCents: 198,
      pendingCents: 0,
      withdrawingCents: 800,
      owedCents: 0,
    });
  });

  it('with nothing available owes it all, and a smaller settlement repays part of it', async () => {
    const g = await givenKeeperAndShopper({ settleDays: 3, rateBp: 1000 });
    const paid = await completedOrder(g, T0, { quantity: 2 });
    expect(await settleDueCommission(db, later(3 * DAY))).toBe(1);
    await withdraw(g, 998);
    const refundNo = await returnLine(g, paid, paid.lines[0]!.id, later(4 * DAY));
    const lineId = paid.lines[0]!.id;
    // Nothing available: no clawback transfer of zero, all of it owed.
    expect(
      (await transfersOfLine(lineId)).filter((t) => t.reason === TransferReason.Clawback),
    ).toEqual([]);
    expect((await transfersOfLine(lineId)).at(-1)).toMatchObject({
      id: transferId.clawbackOwed(lineId, refundNo),
      amountCents: 998,
    });
    expect(await balancesOf(g)).toMatchObject({ availableCents: 0, owedCents: 998 });

    await completedOrder(g, later(4 * DAY));
    expect(await settleDueCommission(db, later(7 * DAY))).toBe(1);
    expect(await balancesOf(g)).toMatchObject({ availableCents: 0, owedCents: 499 });
  });
});

describe('the product page’s 分享赚', () => {
  it('is the commission recorded for one piece bought at the price shown', async () => {
    const g = await givenKeeperAndShopper({ rateBp: 800 });
    // Markups of the shop and the sale, and the product's own rate over the sale's.
    await db.update(shops).set({ globalAddPriceCents: 137 }).where(eq(shops.id, g.shopId));
    await db.update(activities).set({ addPriceCents: 250 }).where(eq(activities.id, g.sale.id));
    await db.update(products).set({ commissionRateBp: 1234 }).where(eq(products.id, g.product.id));
    const detail = await getProductDetail(db, g.shopId, g.product.productNo, T0);
    expect(detail!.priceCents).toBe(4990 + 137 + 250);
    expect(detail!.profitCents).toBe(commissionCents(detail!.priceCents, 1234));
    expect(detail!.profitCents).toBe(663);

    const paid = await paidOrder(g, { quantity: 1 });
    const line = paid.lines[0]!;
    expect(line.unitPriceCents).toBe(detail!.priceCents);
    expect(line.couponCents).toBe(0);
    expect(line.profitCents).toBe(detail!.profitCents);
    const [promised] = await transfersOfLine(line.id);
    expect(promised!.amountCents).toBe(detail!.profitCents);
    expect((await balancesOf(g)).pendingCents).toBe(detail!.profitCents);
  });

  it('is zero when neither the product nor its sale pays commission, and so is the order’s', async () => {
    const g = await givenKeeperAndShopper({ rateBp: 0 });
    const detail = await getProductDetail(db, g.shopId, g.product.productNo, T0);
    expect(detail!.profitCents).toBe(0);
    const paid = await paidOrder(g);
    expect(paid.order.distributorId).toBe(g.keeper.id);
    expect(paid.lines[0]!.profitCents).toBe(0);
    expect(await transfersOfLine(paid.lines[0]!.id)).toEqual([]);
  });
});
