/** Coupons and the ones users hold. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at } from './columns.ts';
import { oneOf } from './columns.ts';
import {
  CouponStatus,
  UserCouponStatus,
  couponTransitions,
  userCouponTransitions,
} from '#lib/coupons/status.ts';
import { users } from './identity.ts';
import { orders } from './orders.ts';
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

/** A claimed coupon; status: UserCouponStatus. */
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
