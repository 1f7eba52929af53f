/**
 * Payments of orders, their refunds, and the built-in sandbox gateway's own books (a stand-in for
 * WeChat Pay, kept in its own tables so it shares nothing with the shop but the protocol).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at, literal, oneOf } from '#lib/platform/db/columns.ts';
import {
  PAY_CHANNELS,
  PaymentOrderOutcome,
  PaymentStatus,
  RefundState,
  paymentTransitions,
  refundStateTransitions,
} from './status.ts';
import { users } from '#lib/identity/tables.server.ts';
import { orderGroups, orders } from '#lib/orders/tables.server.ts';
import { afterSales } from '#lib/after-sales/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

/** What the gateway answered when the payment was opened: one of the three, by channel. */
export interface Prepay {
  prepayId?: string;
  h5Url?: string;
  codeUrl?: string;
}

/**
 * One attempt to pay some unpaid orders of one checkout (status: PaymentStatus); paymentNo is the
 * gateway's out_trade_no, saved before the gateway is called. orderSet (the order ids, sorted)
 * and channel name the attempt: one open attempt per orders and channel.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    paymentNo: text('payment_no').notNull().unique(),
    groupId: ref('group_id')
      .notNull()
      .references(() => orderGroups.id),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    channel: text('channel').notNull(),
    orderSet: text('order_set').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The sum of this payment's refunds asked for; never more than it took. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    status: smallint('status').notNull().default(PaymentStatus.Created),
    prepay: jsonb('prepay').$type<Prepay>(),
    /** The gateway's time_expire: the orders' pay deadline. */
    expiresAt: at('expires_at').notNull(),
    transactionId: text('transaction_id').unique(),
    payerOpenId: text('payer_open_id'),
    paidAt: at('paid_at'),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_group_idx').on(t.groupId),
    uniqueIndex('payments_open_unique')
      .on(t.orderSet, t.channel)
      .where(sql`${t.status} = ${literal(PaymentStatus.Created)}`),
    index('payments_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = ${literal(PaymentStatus.Created)}`),
    check('payments_status_chk', oneOf(t.status, paymentTransitions.statuses)),
    check(
      'payments_channel_chk',
      sql`${t.channel} in (${sql.raw(PAY_CHANNELS.map((c) => `'${c}'`).join(', '))})`,
    ),
    check(
      'payments_amount_chk',
      sql`${t.amountCents} > 0 and ${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`,
    ),
  ],
);

/**
 * The orders a payment covers, each with its amount (they sum to the payment's); outcome: null
 * until paid, then PaymentOrderOutcome. An order is paid by one payment at most.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    paymentId: ref('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    outcome: smallint('outcome'),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.orderId] }),
    index('payment_orders_order_idx').on(t.orderId),
    uniqueIndex('payment_orders_paid_unique')
      .on(t.orderId)
      .where(sql`${t.outcome} = ${literal(PaymentOrderOutcome.PaidOrder)}`),
    check(
      'payment_orders_outcome_chk',
      sql`${t.outcome} is null or ${oneOf(t.outcome, Object.values(PaymentOrderOutcome))}`,
    ),
    check('payment_orders_amount_chk', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Money going back through the gateway (status: RefundState). refundNo is the out_refund_no,
 * derived from what caused the refund and saved before the gateway is asked, so a retry asks for
 * the same refund and never a second one.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    refundNo: text('refund_no').notNull().unique(),
    paymentId: ref('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    /** The after-sale request it pays back (cause after_sale). */
    afterSaleId: ref('after_sale_id').references(() => afterSales.id),
    amountCents: integer('amount_cents').notNull(),
    /** Why: late_payment (the order was no longer waiting), after_sale. */
    cause: text('cause').notNull(),
    reason: text('reason').notNull().default(''),
    status: smallint('status').notNull().default(RefundState.Requested),
    gatewayRefundId: text('gateway_refund_id'),
    /** The gateway's last word when it failed. */
    failure: text('failure'),
    createdAt: createdAt(),
    settledAt: at('settled_at'),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_after_sale_unique').on(t.afterSaleId),
    index('refunds_open_idx')
      .on(t.createdAt)
      .where(
        sql`${t.status} in (${literal(RefundState.Requested)}, ${literal(RefundState.Processing)})`,
      ),
    check('refunds_status_chk', oneOf(t.status, refundStateTransitions.statuses)),
    check('refunds_amount_chk', sql`${t.amountCents} > 0`),
    check('refunds_cause_chk', sql`${t.cause} in ('late_payment', 'after_sale')`),
  ],
);

/** Gateway notifications applied, by their id: a repeated one changes nothing. */
export const gatewayNotifications = pgTable('gateway_notifications', {
  id: text('id').primaryKey(),
  eventType: text('event_type').notNull(),
  /** The out_trade_no or out_refund_no it was about. */
  subject: text('subject').notNull(),
  receivedAt: createdAt(),
});

/** The sandbox gateway's transactions, by merchant and out_trade_no. */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    mchId: text('mch_id').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    appId: text('app_id').notNull(),
    tradeType: text('trade_type').notNull(),
    description: text('description').notNull(),
    totalCents: integer('total_cents').notNull(),
    notifyUrl: text('notify_url').notNull(),
    timeExpire: at('time_expire').notNull(),
    attach: text('attach'),
    payerOpenId: text('payer_open_id'),
    prepayId: text('prepay_id').notNull().unique(),
    /** The request's fields that must repeat exactly for the same out_trade_no. */
    fingerprint: text('fingerprint').notNull(),
    transactionId: text('transaction_id').unique(),
    /** NOTPAY, SUCCESS, CLOSED, REFUND, PAYERROR. */
    tradeState: text('trade_state').notNull().default('NOTPAY'),
    successTime: at('success_time'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.mchId, t.outTradeNo] })],
);

/** The sandbox gateway's refunds, by merchant and out_refund_no. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    mchId: text('mch_id').notNull(),
    outRefundNo: text('out_refund_no').notNull(),
    refundId: text('refund_id').notNull().unique(),
    outTradeNo: text('out_trade_no').notNull(),
    refundCents: integer('refund_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    reason: text('reason').notNull().default(''),
    notifyUrl: text('notify_url'),
    /** PROCESSING, SUCCESS, CLOSED, ABNORMAL. */
    status: text('status').notNull().default('PROCESSING'),
    successTime: at('success_time'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.mchId, t.outRefundNo] }),
    index('sandbox_refunds_trade_idx').on(t.mchId, t.outTradeNo),
    check('sandbox_refunds_amount_chk', sql`${t.refundCents} > 0`),
  ],
);

/**
 * Notifications the sandbox gateway owes merchants: posted until one is answered 200/204, with
 * the real gateway's back-off between tries.
 */
export const sandboxNotifications = pgTable(
  'sandbox_notifications',
  {
    id: id(),
    /** The notification's id (the body's `id`). */
    eventId: text('event_id').notNull().unique(),
    url: text('url').notNull(),
    /** The signed JSON body, posted as is on every try (headers are signed afresh). */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    deliveredAt: at('delivered_at'),
    lastResult: text('last_result'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_notifications_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

/**
 * The sandbox gateway's transfer bills (商家转账, decision 033), by merchant and out_bill_no: a
 * repeated request with the same number and fields answers the same bill, never a second.
 */
export const sandboxTransferBills = pgTable(
  'sandbox_transfer_bills',
  {
    mchId: text('mch_id').notNull(),
    outBillNo: text('out_bill_no').notNull(),
    transferBillNo: text('transfer_bill_no').notNull().unique(),
    appId: text('app_id').notNull(),
    openId: text('open_id').notNull(),
    sceneId: text('scene_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    remark: text('remark').notNull(),
    notifyUrl: text('notify_url'),
    /** What the confirm-receipt sheet is opened with (package_info). */
    packageInfo: text('package_info').notNull().unique(),
    /** The request's fields that must repeat exactly for the same out_bill_no. */
    fingerprint: text('fingerprint').notNull(),
    /** WAIT_USER_CONFIRM, SUCCESS, FAIL, CANCELLED (CANCELING and expiry are read from it). */
    state: text('state').notNull(),
    failReason: text('fail_reason'),
    /** The end of WeChat's confirmation window: unconfirmed then, the bill is cancelled. */
    expiresAt: at('expires_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.mchId, t.outBillNo] }),
    check('sandbox_transfer_bills_amount_chk', sql`${t.amountCents} > 0`),
  ],
);
