/** Freight insurance (退货运费险): the claims paid towards a return's postage. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at, oneOf } from '#lib/platform/db/columns.ts';
import { ClaimStatus, claimTransitions } from './status.ts';
import { users } from '#lib/identity/tables.server.ts';
import { orders } from '#lib/orders/tables.server.ts';
import { afterSales } from '#lib/after-sales/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

/**
 * A claim on an insured order (status: ClaimStatus), written in the transaction that approves a
 * return: the policy covers one return parcel per order, so an order has at most one claim.
 * The shop is the insurer of record: the claim is what the seller compensates (赔付).
 */
export const insuranceClaims = pgTable(
  'insurance_claims',
  {
    id: id(),
    claimNo: text('claim_no').notNull().unique(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    afterSaleId: ref('after_sale_id')
      .notNull()
      .references(() => afterSales.id),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    status: smallint('status').notNull().default(ClaimStatus.Owed),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('insurance_claims_order_unique').on(t.orderId),
    uniqueIndex('insurance_claims_after_sale_unique').on(t.afterSaleId),
    index('insurance_claims_shop_idx').on(t.shopId, t.id),
    check('insurance_claims_amount_chk', sql`${t.amountCents} > 0`),
    check('insurance_claims_status_chk', oneOf(t.status, claimTransitions.statuses)),
  ],
);
