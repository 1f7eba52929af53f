/**
 * Paying for orders (DESIGN "Money, stock and states"). A payment pays some unpaid orders of one
 * checkout through one channel; its number (out_trade_no) is saved before the gateway is asked,
 * the amount is the orders' own, and the gateway's word that it was paid is applied once, in one
 * transaction, to whichever of its orders are still waiting — the others (cancelled meanwhile, or
 * paid by another attempt) get their share refunded, never revived.
 */
import { promiseCommission } from '#lib/commission/index.server.ts';
import QRCode from 'qrcode';
import { and, asc, eq, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import {
  gatewayNotifications,
  orderGroups,
  orders,
  paymentOrders,
  payments,
  refunds,
  users,
} from '#lib/platform/db/schema.ts';
import { OrderStatus } from '#lib/orders/index.ts';
import { markOrderPaid, recordOrderEvent } from '#lib/orders/index.server.ts';
import { newNumber } from '#lib/platform/numbers.server.ts';
import { channelAllowed, channelsFor, payPlace } from './channels.ts';
import type { Cashier, OpenedPayment, PaymentArrival } from './contracts.ts';
import type { PaymentGateway } from './gateway.server.ts';
import { PaymentOrderOutcome, PaymentStatus, RefundState, type PayChannel } from './status.ts';
import { GatewayError } from './wechatpay/client.server.ts';
import { chinaTime } from './wechatpay/protocol.ts';
import type { Transaction } from './wechatpay/resources.ts';
import { sendRefund } from './refunds.server.ts';
import { movePayment } from './transitions.server.ts';

interface Scope {
  shopId: string;
  userId: number;
}

/** What is paid: one order, or the unpaid orders of a checkout. */
export interface PayTarget {
  orderNo?: string | undefined;
  groupNo?: string | undefined;
}

interface Payable {
  groupId: number;
  groupNo: string;
  orders: { id: number; orderNo: string; payCents: number; payDeadline: Date }[];
  payCents: number;
  deadline: Date;
}

/** The caller's orders the target names that are waiting for payment, and until when. */
async function payable(db: DbOrTx, input: Scope & PayTarget, now: Date): Promise<Payable> {
  if (!input.orderNo && !input.groupNo) throw appError(Errors.PAY_TARGET_REQUIRED);
  const own = and(eq(orders.userId, input.userId), eq(orders.shopId, input.shopId));
  const named = input.orderNo
    ? eq(orders.orderNo, input.orderNo)
    : eq(orderGroups.groupNo, input.groupNo!);
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      payCents: orders.payCents,
      payDeadline: orders.payDeadline,
      groupId: orderGroups.id,
      groupNo: orderGroups.groupNo,
    })
    .from(orders)
    .innerJoin(orderGroups, eq(orderGroups.id, orders.groupId))
    .where(and(own, named))
    .orderBy(asc(orders.id));
  if (rows.length === 0) throw appError(Errors.ORDER_NOT_FOUND);
  const waiting = rows.filter((r) => r.status === OrderStatus.AwaitingPayment);
  if (waiting.length === 0) throw appError(Errors.NOTHING_TO_PAY);
  const deadline = new Date(Math.min(...waiting.map((r) => r.payDeadline.getTime())));
  if (deadline <= now) throw appError(Errors.PAY_WINDOW_CLOSED);
  return {
    groupId: rows[0]!.groupId,
    groupNo: rows[0]!.groupNo,
    orders: waiting,
    payCents: waiting.reduce((sum, r) => sum + r.payCents, 0),
    deadline,
  };
}

/** 收银台: what is to be paid, by when, and the channel that works where the page is open. */
export async function readCashier(
  db: DbOrTx,
  input: Scope & PayTarget & { userAgent: string | null; now?: Date },
): Promise<Cashier> {
  const now = input.now ?? new Date();
  const target = await payable(db, input, now);
  const place = payPlace(input.userAgent);
  return {
    groupNo: target.groupNo,
    orderNos: target.orders.map((o) => o.orderNo),
    payCents: target.payCents,
    payDeadline: target.deadline.toISOString(),
    serverNow: now.toISOString(),
    place,
    channels: channelsFor(place),
  };
}

export interface CreatePaymentInput extends Scope, PayTarget {
  channel: PayChannel;
  userAgent: string | null;
  /** The payer's address, which H5 pay must name. */
  clientIp: string | null;
  /** The success page of a payment, absolute (H5 pay comes back to it). */
  successUrl: (paymentNo: string) => string;
  /** This site's origin, for the sandbox's own cashier page. */
  origin: string;
  now?: Date;
}

/**
 * Opens the payment of the caller's unpaid orders through `channel`, or reopens the open one for
 * the same orders and channel: one open attempt per orders and channel, its number saved before
 * the gateway is called, so asking again asks the gateway for the same transaction.
 */
export async function createPayment(
  db: DbOrTx,
  gateway: PaymentGateway,
  input: CreatePaymentInput,
): Promise<OpenedPayment> {
  const now = input.now ?? new Date();
  if (!channelAllowed(payPlace(input.userAgent), input.channel)) {
    throw appError(Errors.CHANNEL_UNAVAILABLE);
  }
  let openId: string | null = null;
  if (input.channel === 'jsapi') {
    const [user] = await db
      .select({ openId: users.openId })
      .from(users)
      .where(eq(users.id, input.userId));
    openId = user?.openId ?? null;
    if (!openId) throw appError(Errors.PAYER_UNKNOWN);
  }

  const payment = await db.transaction(async (tx) => {
    const target = await payable(tx, input, now);
    // One checkout opens its payments one at a time: the lookup and the insert cannot interleave.
    await tx
      .select({ id: orderGroups.id })
      .from(orderGroups)
      .where(eq(orderGroups.id, target.groupId))
      .for('update');
    const orderSet = target.orders.map((o) => o.id).join(',');
    const [open] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderSet, orderSet),
          eq(payments.channel, input.channel),
          eq(payments.status, PaymentStatus.Created),
        ),
      );
    if (open) return open;
    const [created] = await tx
      .insert(payments)
      .values({
        paymentNo: newNumber('P', now),
        groupId: target.groupId,
        shopId: input.shopId,
        userId: input.userId,
        channel: input.channel,
        orderSet,
        amountCents: target.payCents,
        expiresAt: target.deadline,
        createdAt: now,
      })
      .returning();
    await tx.insert(paymentOrders).values(
      target.orders.map((o) => ({
        paymentId: created!.id,
        orderId: o.id,
        amountCents: o.payCents,
      })),
    );
    return created!;
  });

  const prepay = payment.prepay ?? (await openAtGateway(db, gateway, payment, input, openId));
  const successUrl = input.successUrl(payment.paymentNo);
  const opened: OpenedPayment = {
    paymentNo: payment.paymentNo,
    channel: input.channel,
    payCents: payment.amountCents,
  };
  // The sandbox's own cashier acts out the phone (an in-app pay sheet, a QR scan) for demos.
  const sandboxCashier = (key: 'prepay_id' | 'pr', value: string) =>
    `${input.origin}/sandbox/wechatpay/cashier?${key}=${encodeURIComponent(value)}&redirect_url=${encodeURIComponent(successUrl)}`;
  if (prepay.prepayId) {
    opened.payRequest = gateway.client.payParams(prepay.prepayId);
    if (gateway.sandbox) opened.sandboxCashierUrl = sandboxCashier('prepay_id', prepay.prepayId);
  }
  if (prepay.h5Url) {
    // The sandbox was reached over loopback and names that origin; the shopper reaches it here.
    const h5 = gateway.sandbox ? sameOriginAs(prepay.h5Url, input.origin) : prepay.h5Url;
    opened.h5Url = `${h5}&redirect_url=${encodeURIComponent(successUrl)}`;
  }
  if (prepay.codeUrl) {
    opened.codeUrl = prepay.codeUrl;
    opened.qrSvg = await QRCode.toString(prepay.codeUrl, { type: 'svg', margin: 1 });
    const token = new URL(prepay.codeUrl).searchParams.get('pr');
    if (gateway.sandbox && token) opened.sandboxCashierUrl = sandboxCashier('pr', token);
  }
  return opened;
}

type PaymentRow = typeof payments.$inferSelect;

/** `url` with its origin replaced by `origin`. */
function sameOriginAs(url: string, origin: string): string {
  const parsed = new URL(url);
  return `${origin}${parsed.pathname}${parsed.search}`;
}

/** Asks the gateway for the transaction and keeps its answer on the payment. */
async function openAtGateway(
  db: DbOrTx,
  gateway: PaymentGateway,
  payment: PaymentRow,
  input: CreatePaymentInput,
  openId: string | null,
): Promise<NonNullable<PaymentRow['prepay']>> {
  const orderNos = await db
    .select({ orderNo: orders.orderNo })
    .from(paymentOrders)
    .innerJoin(orders, eq(orders.id, paymentOrders.orderId))
    .where(eq(paymentOrders.paymentId, payment.id))
    .orderBy(asc(orders.id));
  const first = orderNos[0]?.orderNo ?? payment.paymentNo;
  const request = {
    description: orderNos.length > 1 ? `订单${first}等${orderNos.length}笔` : `订单${first}`,
    out_trade_no: payment.paymentNo,
    time_expire: chinaTime(payment.expiresAt),
    notify_url: gateway.notifyUrl,
    amount: { total: payment.amountCents, currency: 'CNY' as const },
  };
  let prepay: NonNullable<PaymentRow['prepay']>;
  try {
    switch (payment.channel as PayChannel) {
      case 'jsapi': {
        const answer = await gateway.client.prepay('jsapi', {
          ...request,
          payer: { openid: openId! },
        });
        prepay = { prepayId: answer.prepay_id };
        break;
      }
      case 'h5': {
        const answer = await gateway.client.prepay('h5', {
          ...request,
          scene_info: { payer_client_ip: input.clientIp ?? '127.0.0.1', h5_info: { type: 'Wap' } },
        });
        prepay = { h5Url: answer.h5_url };
        break;
      }
      case 'native': {
        const answer = await gateway.client.prepay('native', request);
        prepay = { codeUrl: answer.code_url };
        break;
      }
    }
  } catch (error) {
    console.error(`[payments] prepay ${payment.paymentNo} failed:`, (error as Error).message);
    if (error instanceof GatewayError && error.code === 'ORDERPAID') {
      throw appError(Errors.NOTHING_TO_PAY);
    }
    throw appError(Errors.GATEWAY_UNAVAILABLE);
  }
  // Two tabs opening the same payment get the same transaction; the first answer is kept.
  const [saved] = await db
    .update(payments)
    .set({ prepay })
    .where(and(eq(payments.id, payment.id), sql`${payments.prepay} is null`))
    .returning({ prepay: payments.prepay });
  if (saved?.prepay) return saved.prepay;
  const [current] = await db
    .select({ prepay: payments.prepay })
    .from(payments)
    .where(eq(payments.id, payment.id));
  return current?.prepay ?? prepay;
}

/** What the gateway says was paid: checked against the stored payment before anything changes. */
export interface GatewayPaid {
  paymentNo: string;
  transactionId: string;
  totalCents: number;
  mchId: string;
  appId: string;
  payerOpenId: string | null;
  paidAt: Date;
}

export type ConfirmOutcome =
  | { kind: 'applied'; paidOrders: number; refunds: number[] }
  | { kind: 'duplicate' }
  | { kind: 'rejected'; reason: string };

/** A paid Transaction (SUCCESS, or REFUND since) as the facts confirmPayment checks. */
export function paidFacts(transaction: Transaction): GatewayPaid | null {
  // REFUND: paid, then (some of it) refunded — paid all the same.
  const paid = transaction.trade_state === 'SUCCESS' || transaction.trade_state === 'REFUND';
  if (!paid || !transaction.transaction_id) return null;
  return {
    paymentNo: transaction.out_trade_no,
    transactionId: transaction.transaction_id,
    totalCents: transaction.amount?.total,
    mchId: transaction.mchid,
    appId: transaction.appid,
    payerOpenId: transaction.payer?.openid ?? null,
    paidAt: transaction.success_time ? new Date(transaction.success_time) : new Date(),
  };
}

/**
 * Applies "this payment was paid" once. Merchant, app and amount must be the stored payment's;
 * then, in one transaction: the payment becomes paid (a conditional UPDATE, so twenty copies of
 * the notification make one change), each of its orders still waiting goes 10 → 20 with an event,
 * and each that is not (cancelled meanwhile, or paid by another attempt) gets a refund of its
 * share saved for the gateway. The refunds are sent after the commit.
 */
export async function confirmPayment(
  db: DbOrTx,
  gateway: PaymentGateway,
  paid: GatewayPaid,
  options: { eventId?: string; now?: Date } = {},
): Promise<ConfirmOutcome> {
  const now = options.now ?? new Date();
  if (paid.mchId !== gateway.client.mchId) return { kind: 'rejected', reason: 'mchid' };
  if (paid.appId !== gateway.client.appId) return { kind: 'rejected', reason: 'appid' };
  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.paymentNo, paid.paymentNo));
    if (!payment) return { kind: 'rejected', reason: 'out_trade_no' };
    if (payment.amountCents !== paid.totalCents) return { kind: 'rejected', reason: 'amount' };
    if (options.eventId) {
      await tx
        .insert(gatewayNotifications)
        .values({
          id: options.eventId,
          eventType: 'TRANSACTION.SUCCESS',
          subject: paid.paymentNo,
          receivedAt: now,
        })
        .onConflictDoNothing();
    }
    // Closed too: money the gateway took for an attempt we had given up is still taken.
    const moved = await movePayment(tx, {
      paymentId: payment.id,
      to: PaymentStatus.Paid,
      set: {
        transactionId: paid.transactionId,
        payerOpenId: paid.payerOpenId,
        paidAt: paid.paidAt,
      },
    });
    if (!moved) return { kind: 'duplicate' };
    return settleOrders(tx, payment, paid.paidAt, now);
  });
  if (outcome.kind === 'applied') {
    for (const refundId of outcome.refunds) {
      void sendRefund(db, gateway, refundId).catch((error: unknown) =>
        console.error('[payments] refund failed, the refund timer retries:', error),
      );
    }
  } else if (outcome.kind === 'rejected') {
    console.error(`[payments] payment ${paid.paymentNo} not applied: ${outcome.reason} differs`);
  }
  return outcome;
}

/** The orders of a payment just paid: each waiting one is paid, each other one refunded. */
async function settleOrders(
  tx: Tx,
  payment: PaymentRow,
  paidAt: Date,
  now: Date,
): Promise<ConfirmOutcome> {
  const covered = await tx
    .select({ orderId: paymentOrders.orderId, amountCents: paymentOrders.amountCents })
    .from(paymentOrders)
    .where(eq(paymentOrders.paymentId, payment.id))
    .orderBy(asc(paymentOrders.orderId));
  let paidOrders = 0;
  const refundIds: number[] = [];
  for (const line of covered) {
    const paidOrder = await markOrderPaid(tx, {
      orderId: line.orderId,
      paymentNo: payment.paymentNo,
      paidAt,
      now,
    });
    if (paidOrder) {
      paidOrders += 1;
      await tx
        .update(paymentOrders)
        .set({ outcome: PaymentOrderOutcome.PaidOrder })
        .where(
          and(eq(paymentOrders.paymentId, payment.id), eq(paymentOrders.orderId, line.orderId)),
        );
      // The shop keeper's commission on it is promised now, settled after the after-sale window.
      await promiseCommission(tx, line.orderId, now);
      continue;
    }
    await tx
      .update(paymentOrders)
      .set({ outcome: PaymentOrderOutcome.Refunded })
      .where(and(eq(paymentOrders.paymentId, payment.id), eq(paymentOrders.orderId, line.orderId)));
    if (line.amountCents === 0) continue;
    const refundId = await saveRefund(tx, {
      paymentId: payment.id,
      orderId: line.orderId,
      refundNo: `RL${payment.paymentNo}-${line.orderId}`,
      amountCents: line.amountCents,
      cause: 'late_payment',
      reason: '订单已取消，支付款自动退回',
      now,
    });
    if (refundId !== null) refundIds.push(refundId);
    await recordOrderEvent(tx, {
      orderId: line.orderId,
      kind: 'late_payment_refunded',
      actor: 'gateway',
      note: payment.paymentNo,
      now,
    });
  }
  return { kind: 'applied', paidOrders, refunds: refundIds };
}

/**
 * Saves a refund under its derived number and counts it against the payment, in the caller's
 * transaction: never more than the payment took (the payment's CHECK and this conditional
 * UPDATE); null when a refund of that number exists already.
 */
export async function saveRefund(
  tx: Tx,
  input: {
    paymentId: number;
    orderId: number;
    refundNo: string;
    amountCents: number;
    cause: 'late_payment' | 'after_sale';
    /** The after-sale an after_sale refund pays back. */
    afterSaleId?: number;
    reason: string;
    now: Date;
  },
): Promise<number | null> {
  const [refund] = await tx
    .insert(refunds)
    .values({
      refundNo: input.refundNo,
      paymentId: input.paymentId,
      orderId: input.orderId,
      amountCents: input.amountCents,
      cause: input.cause,
      afterSaleId: input.afterSaleId ?? null,
      reason: input.reason,
      status: RefundState.Requested,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: refunds.refundNo })
    .returning({ id: refunds.id });
  if (!refund) return null;
  const [counted] = await tx
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${input.amountCents}` })
    .where(
      and(
        eq(payments.id, input.paymentId),
        sql`${payments.refundedCents} + ${input.amountCents} <= ${payments.amountCents}`,
      ),
    )
    .returning({ id: payments.id });
  if (!counted) throw new Error(`refund ${input.refundNo} is more than its payment has left`);
  return refund.id;
}

/**
 * Asks the gateway about an open payment and applies what it says: paid → confirmPayment. The
 * success page's polling and the sweeper use it, so a lost notification loses nothing.
 */
export async function syncPayment(
  db: DbOrTx,
  gateway: PaymentGateway,
  paymentNo: string,
  now = new Date(),
): Promise<Transaction | null> {
  let transaction: Transaction;
  try {
    transaction = await gateway.client.queryByOutTradeNo(paymentNo);
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'ORDER_NOT_EXIST') return null;
    throw error;
  }
  const paid = paidFacts(transaction);
  if (paid) await confirmPayment(db, gateway, paid, { now });
  return transaction;
}

/** The caller's payment as the success page shows it. */
export async function readArrival(
  db: DbOrTx,
  input: Scope & { paymentNo: string },
): Promise<PaymentArrival> {
  const [payment] = await db
    .select({
      id: payments.id,
      status: payments.status,
      amountCents: payments.amountCents,
      paidAt: payments.paidAt,
      groupNo: orderGroups.groupNo,
    })
    .from(payments)
    .innerJoin(orderGroups, eq(orderGroups.id, payments.groupId))
    .where(
      and(
        eq(payments.paymentNo, input.paymentNo),
        eq(payments.userId, input.userId),
        eq(payments.shopId, input.shopId),
      ),
    );
  if (!payment) throw appError(Errors.PAYMENT_NOT_FOUND);
  const covered = await db
    .select({ orderNo: orders.orderNo })
    .from(paymentOrders)
    .innerJoin(orders, eq(orders.id, paymentOrders.orderId))
    .where(eq(paymentOrders.paymentId, payment.id))
    .orderBy(asc(orders.id));
  return {
    paymentNo: input.paymentNo,
    state:
      payment.status === PaymentStatus.Paid
        ? 'paid'
        : payment.status === PaymentStatus.Closed
          ? 'closed'
          : 'waiting',
    payCents: payment.amountCents,
    groupNo: payment.groupNo,
    orderNos: covered.map((c) => c.orderNo),
    paidAt: payment.paidAt?.toISOString() ?? null,
  };
}

/**
 * checkArrive: the payment as stored; while it waits, the gateway is asked too, so a payment
 * whose notification is late shows as paid as soon as the gateway knows.
 */
export async function checkArrive(
  db: DbOrTx,
  gateway: PaymentGateway,
  input: Scope & { paymentNo: string; now?: Date },
): Promise<PaymentArrival> {
  const arrival = await readArrival(db, input);
  if (arrival.state !== 'waiting') return arrival;
  try {
    await syncPayment(db, gateway, input.paymentNo, input.now);
  } catch (error) {
    console.error('[payments] query failed:', (error as Error).message);
    return arrival;
  }
  return readArrival(db, input);
}
