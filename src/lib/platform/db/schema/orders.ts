/** Addresses, real names, orders, their lines and logistics. */
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
import { id, ref, createdAt, at, literal, oneOf } from './columns.ts';
import { OrderStatus, orderTransitions, refundTransitions } from '#lib/orders/status.ts';
import { products, skus } from './catalog.ts';
import { coupons } from './coupons.ts';
import { UserCouponStatus, userCouponTransitions } from '#lib/coupons/status.ts';
import { users } from './identity.ts';
import { shops } from './shop.ts';

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/** Real-name records for cross-border orders. */
export const realNames = pgTable('real_names', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id),
  name: text('name').notNull(),
  idNumberMasked: text('id_number_masked').notNull(),
  idNumberHash: text('id_number_hash').notNull(),
  verifiedAt: at('verified_at'),
});

/**
 * An order; status: OrderStatus.
 * The client's idempotency key makes a retried submit return the same order.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNo: text('order_no').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    distributorId: ref('distributor_id').references(() => users.id),
    status: smallint('status').notNull().default(OrderStatus.AwaitingPayment),
    goodsCents: integer('goods_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    freightCents: integer('freight_cents').notNull().default(0),
    payCents: integer('pay_cents').notNull(),
    userCouponId: ref('user_coupon_id').references(() => userCoupons.id),
    address: jsonb('address').$type<Record<string, string>>().notNull(),
    remark: text('remark').notNull().default(''),
    idempotencyKey: text('idempotency_key'),
    payDeadline: at('pay_deadline').notNull(),
    paidAt: at('paid_at'),
    shippedAt: at('shipped_at'),
    completedAt: at('completed_at'),
    cancelledAt: at('cancelled_at'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.shopId, t.status),
    index('orders_distributor_idx').on(t.distributorId),
    index('orders_unpaid_idx').on(t.status, t.payDeadline),
    // A coupon pays for one live order at most; a cancelled order gives it back.
    uniqueIndex('orders_user_coupon_unique')
      .on(t.userCouponId)
      .where(sql`${t.status} <> ${literal(OrderStatus.Cancelled)}`),
    check('orders_money_chk', sql`${t.payCents} >= 0 and ${t.discountCents} >= 0`),
    check('orders_status_chk', oneOf(t.status, orderTransitions.statuses)),
  ],
);

/** refundStatus: null without a refund, else RefundStatus. */
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
    productName: text('product_name').notNull(),
    skuDesc: text('sku_desc').notNull(),
    imageUrl: text('image_url'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineCents: integer('line_cents').notNull(),
    profitCents: integer('profit_cents').notNull().default(0),
    refundStatus: smallint('refund_status'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity_chk', sql`${t.quantity} > 0`),
    check(
      'order_lines_refund_chk',
      sql`${t.refundStatus} is null or ${oneOf(t.refundStatus, refundTransitions.statuses)}`,
    ),
  ],
);

export const logistics = pgTable('logistics', {
  id: id(),
  orderId: ref('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  company: text('company').notNull(),
  trackingNo: text('tracking_no').notNull(),
  /** [{ time, text }] newest first. */
  traces: jsonb('traces').$type<{ time: string; text: string }[]>().notNull().default([]),
});

/**
 * A claimed coupon; status: UserCouponStatus. It lives beside orders because each points at the
 * other (the order records its coupon, the coupon the order it paid for): one file keeps the
 * schema free of import cycles.
 */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: id(),
    couponId: ref('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    status: smallint('status').notNull().default(UserCouponStatus.Unused),
    validFrom: at('valid_from').notNull(),
    validTo: at('valid_to').notNull(),
    usedOrderId: ref('used_order_id').references((): AnyPgColumn => orders.id),
    claimedAt: createdAt(),
  },
  (t) => [
    index('user_coupons_user_idx').on(t.userId, t.shopId, t.status),
    index('user_coupons_coupon_idx').on(t.couponId, t.userId),
    check('user_coupons_status_chk', oneOf(t.status, userCouponTransitions.statuses)),
  ],
);
