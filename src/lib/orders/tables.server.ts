/**
 * Checkouts, orders, their lines and events, and parcels (with the Kuaidi100 sandbox's
 * subscriptions).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  id,
  ref,
  createdAt,
  at,
  literal,
  offerReference,
  oneOf,
} from '#lib/platform/db/columns.ts';
import { OrderStatus, orderTransitions, refundTransitions } from './status.ts';
import { activities, products, skus } from '#lib/catalog/tables.server.ts';
import { users } from '#lib/identity/tables.server.ts';
import { userCoupons } from '#lib/coupons/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

/**
 * One checkout: the orders (one per sale) placed together and paid together. Amounts are the sums
 * of its orders'.
 */
export const orderGroups = pgTable(
  'order_groups',
  {
    id: id(),
    groupNo: text('group_no').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    goodsCents: integer('goods_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    couponCents: integer('coupon_cents').notNull(),
    freightCents: integer('freight_cents').notNull(),
    /** The freight insurance premiums of its orders (退货运费险). */
    insuranceCents: integer('insurance_cents').notNull().default(0),
    payCents: integer('pay_cents').notNull(),
    /** The coupon the checkout used (one per checkout; user_coupons.used_group_id points back). */
    userCouponId: ref('user_coupon_id').references((): AnyPgColumn => userCoupons.id),
    payDeadline: at('pay_deadline').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_groups_user_idx').on(t.userId, t.shopId),
    uniqueIndex('order_groups_user_coupon_unique').on(t.userCouponId),
    check(
      'order_groups_money_chk',
      sql`${t.payCents} = ${t.goodsCents} - ${t.discountCents} - ${t.couponCents} + ${t.freightCents} + ${t.insuranceCents} and ${t.payCents} >= 0 and ${t.insuranceCents} >= 0`,
    ),
  ],
);

// A used coupon points back at its checkout, by name: coupons' tables cannot import these.
offerReference(orderGroups.id);

/**
 * An order: the lines of one sale in one checkout; status: OrderStatus. Money (cents):
 * payCents = goodsCents - discountCents (promotion) - couponCents + freightCents + insuranceCents,
 * and each is the sum of its lines' shares.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNo: text('order_no').notNull().unique(),
    groupId: ref('group_id')
      .notNull()
      .references(() => orderGroups.id),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    distributorId: ref('distributor_id').references(() => users.id),
    /** The sale the lines were bought in; null for products in no sale. */
    activityId: ref('activity_id').references(() => activities.id),
    saleTitle: text('sale_title').notNull().default(''),
    status: smallint('status').notNull().default(OrderStatus.AwaitingPayment),
    goodsCents: integer('goods_cents').notNull(),
    /** The promotion's discount (N件X折). */
    discountCents: integer('discount_cents').notNull().default(0),
    couponCents: integer('coupon_cents').notNull().default(0),
    freightCents: integer('freight_cents').notNull().default(0),
    /** The freight insurance premium (退货运费险), 0 when not insured. */
    insuranceCents: integer('insurance_cents').notNull().default(0),
    /** What the insurance pays towards a return's postage, fixed when ordered; 0 when not insured. */
    insuranceCoverCents: integer('insurance_cover_cents').notNull().default(0),
    payCents: integer('pay_cents').notNull(),
    /** The coupon of its checkout, when a share of it went to this order's lines. */
    userCouponId: ref('user_coupon_id').references(() => userCoupons.id),
    /** The delivery address as it was when ordered (or changed before shipping). */
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    /** Cross-border orders: the buyer's real name, masked, as verified when ordered. */
    realName: jsonb('real_name').$type<{ name: string; idNumber: string }>(),
    remark: text('remark').notNull().default(''),
    payDeadline: at('pay_deadline').notNull(),
    paidAt: at('paid_at'),
    shippedAt: at('shipped_at'),
    /** When a shipped order completes by itself unless the shopper confirms receipt first. */
    autoCompleteAt: at('auto_complete_at'),
    completedAt: at('completed_at'),
    cancelledAt: at('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /** The shopper removed this finished order from their list (destroyOrderByC). */
    hiddenByUser: boolean('hidden_by_user').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.shopId, t.status),
    index('orders_group_idx').on(t.groupId),
    index('orders_distributor_idx').on(t.distributorId, t.shopId),
    // The owner's screens: the shop's orders by state (待发货 and its count).
    index('orders_shop_status_idx').on(t.shopId, t.status, t.createdAt),
    index('orders_unpaid_idx')
      .on(t.payDeadline)
      .where(sql`${t.status} = ${literal(OrderStatus.AwaitingPayment)}`),
    index('orders_shipped_idx')
      .on(t.autoCompleteAt)
      .where(sql`${t.status} = ${literal(OrderStatus.Shipped)}`),
    check(
      'orders_money_chk',
      sql`${t.payCents} = ${t.goodsCents} - ${t.discountCents} - ${t.couponCents} + ${t.freightCents} + ${t.insuranceCents} and ${t.payCents} >= 0 and ${t.discountCents} >= 0 and ${t.couponCents} >= 0 and ${t.freightCents} >= 0 and ${t.insuranceCents} >= 0`,
    ),
    check(
      'orders_insurance_chk',
      sql`(${t.insuranceCents} = 0) = (${t.insuranceCoverCents} = 0) and ${t.insuranceCoverCents} >= 0`,
    ),
    check('orders_status_chk', oneOf(t.status, orderTransitions.statuses)),
  ],
);

/** The address an order is delivered to, copied when ordered. */
export interface AddressSnapshot {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

/**
 * A line of an order with its price breakdown (DESIGN "One price"): unitPriceCents =
 * baseCents + globalAddCents + saleAddCents; lineCents = unit × quantity; paidCents = lineCents -
 * promotionCents - couponCents + freightCents + insuranceCents (its share of the order's premium). Refunds and commission follow from these numbers.
 * refundStatus: null without a refund, else RefundStatus.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    skuId: ref('sku_id')
      .notNull()
      .references(() => skus.id),
    productNo: text('product_no').notNull().default(''),
    skuNo: text('sku_no').notNull().default(''),
    productName: text('product_name').notNull(),
    skuDesc: text('sku_desc').notNull(),
    imageUrl: text('image_url'),
    baseCents: integer('base_cents').notNull().default(0),
    globalAddCents: integer('global_add_cents').notNull().default(0),
    saleAddCents: integer('sale_add_cents').notNull().default(0),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineCents: integer('line_cents').notNull(),
    promotionCents: integer('promotion_cents').notNull().default(0),
    couponCents: integer('coupon_cents').notNull().default(0),
    freightCents: integer('freight_cents').notNull().default(0),
    insuranceCents: integer('insurance_cents').notNull().default(0),
    paidCents: integer('paid_cents').notNull(),
    /** The shop keeper's commission rate (basis points) and commission, when attributed. */
    commissionRateBp: integer('commission_rate_bp').notNull().default(0),
    profitCents: integer('profit_cents').notNull().default(0),
    crossBorder: boolean('cross_border').notNull().default(false),
    refundStatus: smallint('refund_status'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity_chk', sql`${t.quantity} > 0`),
    check(
      'order_lines_money_chk',
      sql`${t.unitPriceCents} = ${t.baseCents} + ${t.globalAddCents} + ${t.saleAddCents} and ${t.lineCents} = ${t.unitPriceCents} * ${t.quantity} and ${t.paidCents} = ${t.lineCents} - ${t.promotionCents} - ${t.couponCents} + ${t.freightCents} + ${t.insuranceCents} and ${t.paidCents} >= 0 and ${t.insuranceCents} >= 0`,
    ),
    check(
      'order_lines_refund_chk',
      sql`${t.refundStatus} is null or ${oneOf(t.refundStatus, refundTransitions.statuses)}`,
    ),
  ],
);

/**
 * What happened to an order, in order: every status change (from → to) and the changes that keep
 * the status (address changed, hidden), written in the transaction that made the change.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    /** Who did it: shopper, shop, timer, gateway. */
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    check('order_events_actor_chk', sql`${t.actor} in ('shopper', 'shop', 'timer', 'gateway')`),
  ],
);

/**
 * A parcel the shop sent for an order, with the carrier and tracking number the shop entered:
 * the order's goods (invoiceRef null, one per order), or a paper invoice of the order (its
 * invoiceRef, one per invoice), which is tracked the same way but completes nothing.
 */
export const logistics = pgTable(
  'logistics',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The carrier's code (orders/carriers.ts). */
    carrier: text('carrier').notNull().default(''),
    company: text('company').notNull(),
    trackingNo: text('tracking_no').notNull(),
    /** The paper invoice this parcel carries (invoices.invoice_ref); null for the goods. */
    invoiceRef: text('invoice_ref'),
    /** [{ time, text }] newest first, as Kuaidi100 last pushed them. */
    traces: jsonb('traces').$type<{ time: string; text: string }[]>().notNull().default([]),
    /** The newest trace's time: a push whose newest is older (or the same, no longer) is stale. */
    latestTraceAt: at('latest_trace_at'),
    /** Kuaidi100's state of the parcel (0 在途, 1 揽收, 3 签收, 5 派件, …), as last pushed. */
    state: text('state'),
    /** When the parcel was signed for (签收): the order's completion clock runs from here. */
    signedAt: at('signed_at'),
    /** When Kuaidi100 took the subscription (订阅): it pushes the traces from then on. */
    subscribedAt: at('subscribed_at'),
    /** When the subscription is (re)tried next; null once it is taken. */
    subscribeDueAt: at('subscribe_due_at').defaultNow(),
    subscribeAttempts: integer('subscribe_attempts').notNull().default(0),
    /** The last subscription answer (returnCode and message, or the error), for the doctor. */
    subscribeResult: text('subscribe_result'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('logistics_order_unique')
      .on(t.orderId)
      .where(sql`${t.invoiceRef} is null`),
    uniqueIndex('logistics_invoice_unique')
      .on(t.invoiceRef)
      .where(sql`${t.invoiceRef} is not null`),
    index('logistics_tracking_idx').on(t.trackingNo, t.carrier),
    index('logistics_subscribe_due_idx')
      .on(t.subscribeDueAt)
      .where(sql`${t.subscribeDueAt} is not null`),
  ],
);

/**
 * The Kuaidi100 sandbox's subscriptions (orders/kuaidi100/sandbox/): what the service was asked
 * to watch and where it pushes. Only the sandbox reads and writes it.
 */
export const sandboxKuaidi100Subscriptions = pgTable(
  'sandbox_kuaidi100_subscriptions',
  {
    id: id(),
    company: text('company').notNull(),
    number: text('number').notNull(),
    callbackUrl: text('callback_url').notNull(),
    salt: text('salt'),
    fromText: text('from_text').notNull().default(''),
    toText: text('to_text').notNull().default(''),
    /** polling until signed for, then shutdown. */
    status: text('status').notNull().default('polling'),
    /** How many traces the receiver has taken (a push is made when there are more). */
    pushedCount: integer('pushed_count').notNull().default(0),
    /** Failed tries of the push now due (reset when one is taken). */
    attempts: integer('attempts').notNull().default(0),
    nextPushAt: at('next_push_at').notNull().defaultNow(),
    lastResult: text('last_result'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_kuaidi100_number_unique').on(t.company, t.number),
    index('sandbox_kuaidi100_due_idx')
      .on(t.nextPushAt)
      .where(sql`${t.status} = 'polling'`),
  ],
);
