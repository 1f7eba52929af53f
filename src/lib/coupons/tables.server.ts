/** Coupon templates, their claims and popups, and the coupons users hold. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at, literal, oneOf, referenceTo } from '#lib/platform/db/columns.ts';
import {
  CouponStatus,
  couponTransitions,
  UserCouponStatus,
  userCouponTransitions,
} from './status.ts';
import type { CouponRules } from './rules.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

/** The coupon centre's categories (领券中心 tabs) of a shop, in their order. */
export const couponCategories = pgTable(
  'coupon_categories',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('coupon_categories_shop_idx').on(t.shopId, t.sort)],
);

/**
 * A coupon template; status: CouponStatus. kind 'reduce': amountCents off from thresholdCents;
 * kind 'discount': pay discountRate percent (85 = 8.5折) from thresholdCents, at most
 * maxDiscountCents off. issued counts claims; a CHECK keeps it within total.
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
    /** reduce: the amount off; discount: 0. */
    amountCents: integer('amount_cents').notNull(),
    /** discount: the percentage paid (1–99); null for reduce. */
    discountRate: smallint('discount_rate'),
    /** discount: the most it takes off; null for reduce. */
    maxDiscountCents: integer('max_discount_cents'),
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
    /** A shop keeper may hand it out by link. */
    inShare: boolean('in_share').notNull().default(false),
    /** Offered on the success page after paying. */
    afterPay: boolean('after_pay').notNull().default(false),
    categoryId: ref('category_id').references(() => couponCategories.id),
    status: smallint('status').notNull().default(CouponStatus.Active),
    createdAt: createdAt(),
  },
  (t) => [
    check('coupons_issued_chk', sql`${t.issued} >= 0 and ${t.issued} <= ${t.total}`),
    check(
      'coupons_amount_chk',
      sql`(${t.kind} = 'reduce' and ${t.amountCents} > 0 and ${t.discountRate} is null) or (${t.kind} = 'discount' and ${t.amountCents} = 0 and ${t.discountRate} between 1 and 99 and ${t.maxDiscountCents} > 0)`,
    ),
    check('coupons_limits_chk', sql`${t.perUserLimit} >= 1 and ${t.thresholdCents} >= 0`),
    check('coupons_kind_chk', sql`${t.kind} in ('reduce', 'discount')`),
    check('coupons_scope_chk', sql`${t.scope} in ('shop', 'brand', 'activity', 'product')`),
    check('coupons_status_chk', oneOf(t.status, couponTransitions.statuses)),
  ],
);

/**
 * How many of a coupon each user has claimed: the per-user limit is kept by one conditional
 * upsert of this row, which concurrent claims of one user serialise on.
 */
export const couponUserClaims = pgTable(
  'coupon_user_claims',
  {
    couponId: ref('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    claimed: integer('claimed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.couponId, t.userId] }),
    check('coupon_user_claims_claimed_chk', sql`${t.claimed} >= 1`),
  ],
);

/**
 * A coupon popup (shell §3): shown on one page of a shop (pageCode home_page, cart_page,
 * venue_page) while it is active and its window open; popType 0 lists the coupons, 1 is the
 * red-envelope rain. A shopper sees it again only after intervalMinutes (kept on the phone per
 * shop and user) and only while a coupon of it is still drawable for them.
 */
export const couponPopups = pgTable(
  'coupon_popups',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    pageCode: text('page_code').notNull(),
    popType: smallint('pop_type').notNull().default(0),
    title: text('title').notNull(),
    popDesc: text('pop_desc').notNull().default(''),
    brandName: text('brand_name').notNull().default(''),
    brandLogoUrl: text('brand_logo_url').notNull().default(''),
    backimageUrl: text('backimage_url').notNull().default(''),
    /** The venue a venue_page popup belongs to (couponWindowForVenue). */
    venueRef: text('venue_ref'),
    /** The live room a live_page popup is dropped in (liveNo). */
    liveNo: text('live_no'),
    intervalMinutes: integer('interval_minutes').notNull().default(1440),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupon_popups_page_idx').on(t.shopId, t.pageCode),
    check('coupon_popups_type_chk', sql`${t.popType} in (0, 1)`),
    check(
      'coupon_popups_page_chk',
      sql`${t.pageCode} in ('home_page', 'cart_page', 'venue_page', 'live_page')`,
    ),
    check('coupon_popups_interval_chk', sql`${t.intervalMinutes} >= 0`),
  ],
);

/** The coupons a popup offers, in their order. */
export const couponPopupCoupons = pgTable(
  'coupon_popup_coupons',
  {
    popupId: ref('popup_id')
      .notNull()
      .references(() => couponPopups.id),
    couponId: ref('coupon_id')
      .notNull()
      .references(() => coupons.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.popupId, t.couponId] })],
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
    /** The template's rules, copied when claimed. */
    rules: jsonb('rules').$type<CouponRules>().notNull(),
    /** How it was claimed: center, popup, share, pay, lottery, gift. */
    source: text('source').notNull().default('center'),
    validFrom: at('valid_from').notNull(),
    validTo: at('valid_to').notNull(),
    /** The checkout it paid for; orders' tables import these, so it is named (see referenceTo). */
    usedGroupId: ref('used_group_id').references(referenceTo('order_groups.id')),
    usedAt: at('used_at'),
    claimedAt: createdAt(),
  },
  (t) => [
    index('user_coupons_user_idx').on(t.userId, t.shopId, t.status),
    index('user_coupons_coupon_idx').on(t.couponId, t.userId),
    check('user_coupons_status_chk', oneOf(t.status, userCouponTransitions.statuses)),
    check(
      'user_coupons_used_chk',
      sql`(${t.status} = ${literal(UserCouponStatus.Used)}) = (${t.usedGroupId} is not null)`,
    ),
  ],
);
