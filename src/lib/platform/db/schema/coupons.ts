/** Coupon templates (the coupons users hold live beside orders, in orders.ts). */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { id, createdAt, at, oneOf } from './columns.ts';
import { CouponStatus, couponTransitions } from '#lib/coupons/status.ts';
import { shops } from './shop.ts';

/**
 * A coupon template. kind: 'reduce' (amount off at a threshold) or 'discount'; status: CouponStatus.
 * issued counts claims; a CHECK keeps it within total.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    couponNo: text('coupon_no').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull().default('reduce'),
    amountCents: integer('amount_cents').notNull(),
    thresholdCents: integer('threshold_cents').notNull().default(0),
    /** shop, brand, activity or product, with the id it applies to. */
    scope: text('scope').notNull().default('shop'),
    scopeRef: text('scope_ref'),
    total: integer('total').notNull(),
    issued: integer('issued').notNull().default(0),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    claimFrom: at('claim_from').notNull(),
    claimTo: at('claim_to').notNull(),
    /** Fixed validity window, or validDays after the claim when set. */
    validFrom: at('valid_from'),
    validTo: at('valid_to'),
    validDays: integer('valid_days'),
    inCenter: boolean('in_center').notNull().default(true),
    inPopup: boolean('in_popup').notNull().default(false),
    status: smallint('status').notNull().default(CouponStatus.Active),
    createdAt: createdAt(),
  },
  (t) => [
    check('coupons_issued_chk', sql`${t.issued} >= 0 and ${t.issued} <= ${t.total}`),
    check('coupons_amount_chk', sql`${t.amountCents} > 0`),
    check('coupons_kind_chk', sql`${t.kind} in ('reduce', 'discount')`),
    check('coupons_scope_chk', sql`${t.scope} in ('shop', 'brand', 'activity', 'product')`),
    check('coupons_status_chk', oneOf(t.status, couponTransitions.statuses)),
  ],
);
