/** Shops, their skins, home modules, switches and the config map. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { id, ref, createdAt } from '#lib/platform/db/columns.ts';
import { ShopStatus } from './status.ts';
import { users } from '#lib/identity/tables.server.ts';

/** The config map of GET /api/front/conf/map: one row per key. */
export const configEntries = pgTable('config_entries', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

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

export const shops = pgTable(
  'shops',
  {
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
    /**
     * The shop-wide price markup added to every product (global-add-price): a fixed amount in
     * cents or a percentage of the base price in basis points, never both (catalog/markups.ts).
     */
    globalAddPriceCents: integer('global_add_price_cents').notNull().default(0),
    globalAddPriceBp: integer('global_add_price_bp').notNull().default(0),
    /** The shop's introduction (store-setting). */
    intro: text('intro').notNull().default(''),
    /** The consultation QR code shoppers scan to reach the shop (im-setting); null when none. */
    consultQrUrl: text('consult_qr_url'),
    /** Freight per checkout, waived when the goods come to freeFreightOverCents or more. */
    freightCents: integer('freight_cents').notNull().default(1000),
    freeFreightOverCents: integer('free_freight_over_cents').notNull().default(9900),
    /** The shop offers freight insurance (退货运费险) at checkout. */
    freightInsurance: boolean('freight_insurance').notNull().default(true),
    /**
     * The follow link of the shop's official account: its QR code on the success page lets the
     * shopper follow for order notices. Null when the shop has none.
     */
    officialAccountUrl: text('official_account_url'),
    /** A shipped order completes by itself this many days after shipping. */
    autoCompleteDays: smallint('auto_complete_days').notNull().default(10),
    /** Commission settles this many days after its order completes (the after-sale window). */
    commissionSettleDays: smallint('commission_settle_days').notNull().default(7),
    status: smallint('status').notNull().default(ShopStatus.Open),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'shops_global_markup_chk',
      sql`${t.globalAddPriceCents} >= 0 and ${t.globalAddPriceBp} >= 0 and (${t.globalAddPriceCents} = 0 or ${t.globalAddPriceBp} = 0)`,
    ),
  ],
);

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

/** Feature switches by code (1004, 1010, ...), per shop; a missing row: the code's default (shop/features.ts). */
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

/** A shop's own values of config map entries (shell §3), over the platform's config_entries. */
export const shopConfigEntries = pgTable(
  'shop_config_entries',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.key] })],
);
