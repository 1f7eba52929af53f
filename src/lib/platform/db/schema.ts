/**
 * The database schema for the whole shop. Money is integer cents, times are timestamptz, and
 * every race-prone number (stock, coupon issue count, wallet balance) has a CHECK so a
 * conditional UPDATE can never take it below zero.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CouponStatus,
  UserCouponStatus,
  couponTransitions,
  userCouponTransitions,
} from '#lib/coupons/status.ts';
import { WithdrawalStatus, withdrawalTransitions } from '#lib/distribution/status.ts';
import { MemberRole, memberRoles } from '#lib/membership/roles.ts';
import { OrderStatus, orderTransitions, refundTransitions } from '#lib/orders/status.ts';
import { PaymentStatus, paymentTransitions } from '#lib/payments/status.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const id = () => bigserial('id', { mode: 'number' }).primaryKey();
const ref = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
// Status numbers are written into CHECKs and index predicates as literals (a DDL statement takes
// no parameters); they come from the status modules, so the database follows their tables.
const literal = (value: number) => sql.raw(String(value));
const oneOf = (column: AnyPgColumn, values: readonly number[]) =>
  sql`${column} in (${sql.raw(values.join(', '))})`;

/**
 * Stored binary media: generated product pictures, logos, banners, uploads. Only public media is
 * served by /media/{id}; private uploads (identity cards, licences) belong to their owner.
 */
export const media = pgTable('media', {
  id: id(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  isPublic: boolean('is_public').notNull().default(true),
  ownerUserId: ref('owner_user_id'),
  createdAt: createdAt(),
});

export const users = pgTable('users', {
  id: id(),
  phone: text('phone').unique(),
  nickname: text('nickname').notNull().default(''),
  avatarUrl: text('avatar_url'),
  /** The messaging app's open id, once the user signed in there. */
  openId: text('open_id').unique(),
  /**
   * The phone the messaging app reported at the last sign-in there: binding it needs no code.
   * Not the account's phone until the user binds it (phone binding, commerce §4).
   */
  defaultPhone: text('default_phone'),
  createdAt: createdAt(),
});

/**
 * The sandbox messaging app's one-time sign-in codes (its consent page issues them, the member
 * auth callback exchanges them once). Only the SHA-256 of a code is kept.
 */
export const messagingSandboxCodes = pgTable(
  'messaging_sandbox_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    openId: text('open_id').notNull(),
    nickname: text('nickname').notNull(),
    avatarUrl: text('avatar_url'),
    defaultPhone: text('default_phone'),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('messaging_sandbox_codes_expires_idx').on(t.expiresAt)],
);

/**
 * One counter that rises whenever anything a shopper's page shows changes (triggers in migration
 * 0002 bump it). Read once per page request: caches of catalogue reads and of rendered pages are
 * keyed by it, so an edit shows at once on every server without a message bus.
 */
export const contentVersion = pgTable(
  'content_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('content_version_single_row_chk', sql`${t.id} = 1`)],
);

export const skins = pgTable('skins', {
  id: id(),
  name: text('name').notNull(),
  /** Tab bar and accent colours: { primary, tabSelected, tabUnselected, background }. */
  theme: jsonb('theme').$type<SkinTheme>().notNull(),
  homePreviewUrl: text('home_preview_url'),
  sort: integer('sort').notNull().default(0),
});

export type SkinTheme = {
  primary: string;
  tabSelected: string;
  tabUnselected: string;
  background: string;
};

export const shops = pgTable('shops', {
  /** The shopId of the URL, also called shopBizCode. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  ownerUserId: ref('owner_user_id').references(() => users.id),
  /** The phone the shop was opened with: its user may bind the owner identity (shell §4). */
  ownerPhone: text('owner_phone'),
  skinId: ref('skin_id').references(() => skins.id),
  /** shopNotice ON/OFF: when on, visitors first see the insideTips notice page. */
  noticeEnabled: boolean('notice_enabled').notNull().default(false),
  noticeText: text('notice_text').notNull().default(''),
  /** The shop-wide price markup in cents added to every product (global-add-price). */
  globalAddPriceCents: integer('global_add_price_cents').notNull().default(0),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
});

/** A user's standing in one shop; role and maxRole are MemberRole numbers. */
export const shopMembers = pgTable(
  'shop_members',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    role: smallint('role').notNull().default(MemberRole.Consumer),
    maxRole: smallint('max_role').notNull().default(MemberRole.Consumer),
    distributorDisable: boolean('distributor_disable').notNull().default(false),
    level: integer('level'),
    administrator: boolean('administrator').notNull().default(false),
    signAgreement: boolean('sign_agreement').notNull().default(false),
    /** The distributor whose link brought this customer in. */
    invitedBy: ref('invited_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.userId] }),
    index('shop_members_user_idx').on(t.userId),
    index('shop_members_invited_idx').on(t.shopId, t.invitedBy),
    check(
      'shop_members_role_chk',
      sql`${oneOf(t.role, memberRoles)} and ${oneOf(t.maxRole, memberRoles)}`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Secrets the servers share, made once at random by whichever server needs one first (e.g. the
 * key of the SMS code hashes). Never part of any answer.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose').notNull().default('login'),
    clientIp: text('client_ip'),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_codes_phone_idx').on(t.phone, t.createdAt),
    index('sms_codes_ip_idx').on(t.clientIp, t.createdAt),
    index('sms_codes_expires_idx').on(t.expiresAt),
  ],
);

/** The dev outbox of the console SMS provider. */
export const smsOutbox = pgTable('sms_outbox', {
  id: id(),
  phone: text('phone').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/**
 * The QR-code consent to an administrator (bind/qrCode): a one-time grant the applicant's page
 * shows as a QR code and the shop owner approves. Only the SHA-256 of its token is kept; one open
 * grant per applicant and shop (a new request replaces it).
 */
export const adminGrants = pgTable(
  'admin_grants',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The six digits both screens show, so the owner approves the right person. */
    userVerifyCode: text('user_verify_code').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admin_grants_open_unique')
      .on(t.shopId, t.userId)
      .where(sql`${t.consumedAt} is null`),
    index('admin_grants_expires_idx').on(t.expiresAt),
  ],
);

export const brands = pgTable('brands', {
  id: id(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  story: text('story').notNull().default(''),
  createdAt: createdAt(),
});

export const categories = pgTable('categories', {
  id: id(),
  parentId: ref('parent_id'),
  name: text('name').notNull(),
  iconUrl: text('icon_url'),
  sort: integer('sort').notNull().default(0),
});

/** Activity tags are the home page's tabs (queryActivityTag). */
export const activityTags = pgTable('activity_tags', {
  id: id(),
  shopId: text('shop_id')
    .notNull()
    .references(() => shops.id),
  tagNo: text('tag_no').notNull().unique(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Venues group activities on their own landing (businessVenue, superMarket, presale ...). */
export const venues = pgTable('venues', {
  id: id(),
  shopId: text('shop_id')
    .notNull()
    .references(() => shops.id),
  venueNo: text('venue_no').notNull().unique(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  bannerUrl: text('banner_url'),
  startAt: at('start_at'),
  endAt: at('end_at'),
});

/** A brand sale. Its state (upcoming, ongoing, ended) follows from the server clock. */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    activityNo: text('activity_no').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    brandId: ref('brand_id')
      .notNull()
      .references(() => brands.id),
    tagId: ref('tag_id').references(() => activityTags.id),
    venueId: ref('venue_id').references(() => venues.id),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    bannerUrl: text('banner_url'),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    /** 1 published, 0 withdrawn by the shop. */
    status: smallint('status').notNull().default(1),
    /** Activity-level markup in cents on top of the global markup. */
    addPriceCents: integer('add_price_cents').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    /**
     * How the sale sells: brand (a brand sale), seckill (one flash-sale session, its window the
     * session), presale (sold ahead of shipping), npiece (N件X折, see `rule`).
     */
    kind: text('kind').notNull().default('brand'),
    /** The N件X折 rule of an npiece sale: N pieces at X tenths of the price (3, 7 = 3件7折). */
    rule: jsonb('rule').$type<{ pieces: number; discountTenths: number }>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activities_shop_window_idx').on(t.shopId, t.startAt, t.endAt),
    check('activities_window_chk', sql`${t.endAt} > ${t.startAt}`),
    check('activities_kind_chk', sql`${t.kind} in ('brand', 'seckill', 'presale', 'npiece')`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    productNo: text('product_no').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    activityId: ref('activity_id').references(() => activities.id),
    brandId: ref('brand_id')
      .notNull()
      .references(() => brands.id),
    categoryId: ref('category_id').references(() => categories.id),
    name: text('name').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Lowest SKU price and its market price, kept for listing and sorting. */
    priceCents: integer('price_cents').notNull(),
    marketPriceCents: integer('market_price_cents').notNull(),
    /** Commission a distributor earns per unit sold through their link. */
    profitCents: integer('profit_cents').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    crossBorder: boolean('cross_border').notNull().default(false),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('products_shop_idx').on(t.shopId, t.status),
    index('products_activity_idx').on(t.activityId),
    check('products_price_chk', sql`${t.priceCents} >= 0 and ${t.marketPriceCents} >= 0`),
  ],
);

export const skus = pgTable(
  'skus',
  {
    id: id(),
    skuNo: text('sku_no').notNull().unique(),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    marketPriceCents: integer('market_price_cents').notNull(),
    stock: integer('stock').notNull().default(0),
    imageUrl: text('image_url'),
  },
  (t) => [
    index('skus_product_idx').on(t.productId),
    check('skus_stock_chk', sql`${t.stock} >= 0`),
    check('skus_price_chk', sql`${t.priceCents} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** main: gallery; detail: the long description pictures. */
    kind: text('kind').notNull().default('main'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.kind, t.sort),
    check('product_images_kind_chk', sql`${t.kind} in ('main', 'detail')`),
  ],
);

/** Banners by location key: indexBanner, brandBanner, proDetailBanner. */
export const banners = pgTable('banners', {
  id: id(),
  shopId: text('shop_id')
    .notNull()
    .references(() => shops.id),
  location: text('location').notNull(),
  title: text('title').notNull().default(''),
  imageUrl: text('image_url').notNull(),
  /** The internal target: { route, params }. */
  link: jsonb('link').$type<{ route: string; params?: Record<string, string> }>(),
  sort: integer('sort').notNull().default(0),
  startAt: at('start_at'),
  endAt: at('end_at'),
});

/** Home modules: market, category, brandWall, newBornZone, diamond (icon list). */
export const homeResources = pgTable('home_resources', {
  id: id(),
  shopId: text('shop_id')
    .notNull()
    .references(() => shops.id),
  kind: text('kind').notNull(),
  configId: text('config_id').notNull(),
  title: text('title').notNull().default(''),
  bgColor: text('bg_color'),
  bgImg: text('bg_img'),
  linkUrl: text('link_url'),
  /** Module-specific content, e.g. { productNos: [...] } or { items: [{ name, iconUrl, link }] }. */
  content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
  sort: integer('sort').notNull().default(0),
});

/** Hot search keys; type 5 is the one shown in the search box. */
export const hotSearchKeys = pgTable('hot_search_keys', {
  id: id(),
  shopId: text('shop_id')
    .notNull()
    .references(() => shops.id),
  hotName: text('hot_name').notNull(),
  type: smallint('type').notNull().default(1),
  sort: integer('sort').notNull().default(0),
});

/** The config map of GET /api/front/conf/map: one row per key. */
export const configEntries = pgTable('config_entries', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** Feature switches by code (1004, 1010, ...), per shop; a missing row means off. */
export const featureSwitches = pgTable(
  'feature_switches',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    code: text('code').notNull(),
    enableStatus: smallint('enable_status').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.code] })],
);

/** Guide tags a user has seen, per shop (indexFilter, skinTipGuide, ...). */
export const guideTags = pgTable(
  'guide_tags',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    tagName: text('tag_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.userId, t.tagName] })],
);

/** Skin popups a manager can be shown once (asyncModifyPopupStatus records the close). */
export const skinPopups = pgTable('skin_popups', {
  id: id(),
  code: text('code').notNull().unique(),
  headline: text('headline').notNull(),
  headlineColor: text('headline_color').notNull().default('#333333'),
  subheadline: text('subheadline').notNull().default(''),
  subheadlineColor: text('subheadline_color').notNull().default('#666666'),
  skinIds: jsonb('skin_ids').$type<number[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
});

export const popupCloses = pgTable(
  'popup_closes',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

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

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    skuId: ref('sku_id')
      .notNull()
      .references(() => skus.id),
    quantity: integer('quantity').notNull(),
    selected: boolean('selected').notNull().default(true),
    distributorId: ref('distributor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_unique').on(t.shopId, t.userId, t.skuId),
    check('cart_items_quantity_chk', sql`${t.quantity} > 0`),
  ],
);

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

/** A distributor's money in one shop: balance may be withdrawn, frozen awaits order completion. */
export const wallets = pgTable(
  'wallets',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    balanceCents: integer('balance_cents').notNull().default(0),
    frozenCents: integer('frozen_cents').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.userId] }),
    check('wallets_nonnegative_chk', sql`${t.balanceCents} >= 0 and ${t.frozenCents} >= 0`),
  ],
);

/** Every movement of wallet money: kind income, withdraw, refund_reversal ... */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    orderId: ref('order_id').references(() => orders.id),
    withdrawalId: ref('withdrawal_id').references((): AnyPgColumn => withdrawals.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_entries_user_idx').on(t.shopId, t.userId, t.createdAt),
    // Settling an order twice must not credit twice.
    uniqueIndex('wallet_entries_order_unique')
      .on(t.orderId, t.userId, t.kind)
      .where(sql`${t.orderId} is not null`),
  ],
);

export const bankCards = pgTable('bank_cards', {
  id: id(),
  userId: ref('user_id')
    .notNull()
    .references(() => users.id),
  bankName: text('bank_name').notNull(),
  holderName: text('holder_name').notNull(),
  cardNoMasked: text('card_no_masked').notNull(),
  cardNoHash: text('card_no_hash').notNull(),
  createdAt: createdAt(),
});

/** status: WithdrawalStatus. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    bankCardId: ref('bank_card_id')
      .notNull()
      .references(() => bankCards.id),
    amountCents: integer('amount_cents').notNull(),
    status: smallint('status').notNull().default(WithdrawalStatus.Applied),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('withdrawals_idempotency_unique').on(t.userId, t.idempotencyKey),
    check('withdrawals_amount_chk', sql`${t.amountCents} > 0`),
    check('withdrawals_status_chk', oneOf(t.status, withdrawalTransitions.statuses)),
  ],
);

/** liveStatus: 10 preheat, 20 living, 30 ended (replay when replayUrl is set). liveType 30 is school. */
export const liveRooms = pgTable(
  'live_rooms',
  {
    id: id(),
    liveNo: text('live_no').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    title: text('title').notNull(),
    coverUrl: text('cover_url'),
    liveType: smallint('live_type').notNull().default(10),
    liveStatus: smallint('live_status').notNull().default(10),
    startAt: at('start_at').notNull(),
    endAt: at('end_at'),
    replayUrl: text('replay_url'),
    /** Product numbers shown in the room's product list. */
    productNos: jsonb('product_nos').$type<string[]>().notNull().default([]),
  },
  (t) => [check('live_rooms_status_chk', sql`${t.liveStatus} in (10, 20, 30)`)],
);

/** Short share codes resolved by GET /api/member/normal/share. */
export const shareLinks = pgTable('share_links', {
  code: text('code').primaryKey(),
  shopId: text('shop_id')
    .notNull()
    .references(() => shops.id),
  distributorId: ref('distributor_id').references(() => users.id),
  contentType: smallint('content_type').notNull(),
  target: jsonb('target').$type<{ route: string; params?: Record<string, string> }>().notNull(),
  createdAt: createdAt(),
});

/**
 * Idempotency keys of commands (commands.server.ts withIdempotencyKey): the key is stored with
 * the command's result in the command's transaction, so a repeat gets the first result back.
 * `scope` names the command, so two commands' keys never meet.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    result: jsonb('result'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('idempotency_keys_key_chk', sql`char_length(${t.key}) between 1 and 200`),
  ],
);
