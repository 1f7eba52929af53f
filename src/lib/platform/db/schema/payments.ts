/** Payments of orders. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at } from './columns.ts';
import { literal, oneOf } from './columns.ts';
import { PaymentStatus, paymentTransitions } from '#lib/payments/status.ts';
import { orders } from './orders.ts';

/** status: PaymentStatus. A gateway notification is applied once. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    paymentNo: text('payment_no').notNull().unique(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    channel: text('channel').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: smallint('status').notNull().default(PaymentStatus.Created),
    providerTxn: text('provider_txn').unique(),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    // An order is paid once, whatever the gateway retries.
    uniqueIndex('payments_paid_order_unique')
      .on(t.orderId)
      .where(sql`${t.status} = ${literal(PaymentStatus.Paid)}`),
    check('payments_status_chk', oneOf(t.status, paymentTransitions.statuses)),
    check('payments_amount_chk', sql`${t.amountCents} > 0`),
  ],
);
