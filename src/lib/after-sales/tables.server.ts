/** After-sale requests (仅退款, 退货退款) on order lines. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at, literal, oneOf } from '#lib/platform/db/columns.ts';
import { refundTransitions, RefundStatus } from '#lib/orders/index.ts';
import { users } from '#lib/identity/tables.server.ts';
import { orders, orderLines } from '#lib/orders/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

/**
 * An after-sale request on one order line (status: RefundStatus 10 under review, 60 refused, 70
 * approved; the line's refund_status follows it): 仅退款 (kind refund, before shipping) or
 * 退货退款 (kind return, after shipping: approved, the goods sent back with a tracking number,
 * received by the shop, then refunded). amountCents is what the line paid for itself (its own
 * promotion and coupon shares already taken off). One open request per line.
 */
export const afterSales = pgTable(
  'after_sales',
  {
    id: id(),
    afterSaleNo: text('after_sale_no').notNull().unique(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: ref('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    /** Private media ids of the shopper's photos (at most 6). */
    photoIds: jsonb('photo_ids').$type<number[]>().notNull().default([]),
    amountCents: integer('amount_cents').notNull(),
    status: smallint('status').notNull().default(RefundStatus.UnderReview),
    /** Where it was asked from: 2 inside the messaging app, else 6 (shell §9). */
    auditChannel: smallint('audit_channel').notNull(),
    refusal: text('refusal'),
    returnCompany: text('return_company'),
    returnTrackingNo: text('return_tracking_no'),
    returnShippedAt: at('return_shipped_at'),
    returnReceivedAt: at('return_received_at'),
    reviewedAt: at('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('after_sales_order_idx').on(t.orderId),
    index('after_sales_shop_idx').on(t.shopId, t.status),
    uniqueIndex('after_sales_open_line_unique')
      .on(t.orderLineId)
      .where(
        sql`${t.status} in (${literal(RefundStatus.UnderReview)}, ${literal(RefundStatus.Approved)})`,
      ),
    check('after_sales_status_chk', oneOf(t.status, refundTransitions.statuses)),
    check('after_sales_kind_chk', sql`${t.kind} in ('refund', 'return')`),
    check('after_sales_channel_chk', sql`${t.auditChannel} in (2, 6)`),
    check('after_sales_amount_chk', sql`${t.amountCents} > 0`),
  ],
);
