/** Brands, categories, sales (activities) and their black list, venues, products and SKUs. */
import { sql } from 'drizzle-orm';
import {
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
import { id, ref, createdAt, at } from '#lib/platform/db/columns.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

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
    /**
     * The sale's markup on top of the global one: fixed cents or basis points of the base
     * price, never both (catalog/markups.ts).
     */
    addPriceCents: integer('add_price_cents').notNull().default(0),
    addPriceBp: integer('add_price_bp').notNull().default(0),
    /** The sale's commission rate for shop keepers, basis points; its products may override it. */
    commissionRateBp: integer('commission_rate_bp').notNull().default(0),
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
    check('activities_commission_chk', sql`${t.commissionRateBp} between 0 and 5000`),
    check('activities_kind_chk', sql`${t.kind} in ('brand', 'seckill', 'presale', 'npiece')`),
    check(
      'activities_markup_chk',
      sql`${t.addPriceCents} >= 0 and ${t.addPriceBp} >= 0 and (${t.addPriceCents} = 0 or ${t.addPriceBp} = 0)`,
    ),
  ],
);

/**
 * The platform's markup limits per category (queryAddPriceAstrict): a markup on a product may be
 * at most maxBp of its base price, or at most maxCents as a fixed amount. A category without a
 * row takes its parent's, then the platform default (catalog/markups.ts).
 */
export const markupLimits = pgTable('markup_limits', {
  categoryId: ref('category_id')
    .primaryKey()
    .references(() => categories.id),
  maxBp: integer('max_bp').notNull(),
  maxCents: integer('max_cents').notNull(),
});

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
    /**
     * The commission rate for shop keepers in basis points of the paid goods amount; null takes
     * the sale's (distribution/commission.ts).
     */
    commissionRateBp: integer('commission_rate_bp'),
    salesCount: integer('sales_count').notNull().default(0),
    crossBorder: boolean('cross_border').notNull().default(false),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    /**
     * Every character and every pair of adjacent characters of the name and subtitle, lower-cased
     * (search_grams, migration 0031): search finds the products holding a term's characters and
     * pairs through its GIN index, then checks the term itself (search.server.ts). Chinese terms
     * are mostly two characters, too short for trigrams.
     */
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`search_grams(name || ' ' || subtitle)`),
  },
  (t) => [
    index('products_shop_idx').on(t.shopId, t.status),
    index('products_activity_idx').on(t.activityId, t.sort, t.id),
    index('products_brand_idx').on(t.brandId),
    index('products_search_grams_idx').using('gin', t.searchGrams),
    check('products_price_chk', sql`${t.priceCents} >= 0 and ${t.marketPriceCents} >= 0`),
    check(
      'products_commission_chk',
      sql`${t.commissionRateBp} is null or ${t.commissionRateBp} between 0 and 5000`,
    ),
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

/**
 * The black list of hidden sales (hideProduct): a manager hides one of the shop's sales from
 * every shopper page; undoing it ends the row. While a row is open the sale's status is Hidden.
 */
export const saleBlacklist = pgTable(
  'sale_blacklist',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    activityId: ref('activity_id').notNull(),
    hiddenBy: ref('hidden_by').references(() => users.id),
    hiddenAt: at('hidden_at').notNull().defaultNow(),
    undoneAt: at('undone_at'),
    undoneBy: ref('undone_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('sale_blacklist_open_idx')
      .on(t.shopId, t.activityId)
      .where(sql`${t.undoneAt} is null`),
  ],
);
