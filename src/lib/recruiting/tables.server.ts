/**
 * Keepers recruiting keepers, and what a keeper shows of their own shop: the shop card a keeper
 * shares (name and intro), their curated product sets (搭配), and the record of keepers who left
 * the shop (unbinding). Who invited whom is `shop_members.invited_by`.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at } from '#lib/platform/db/columns.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

/** A keeper's shop as they present it: the display name and intro of their shared shop. */
export const keeperShopProfiles = pgTable(
  'keeper_shop_profiles',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    intro: text('intro').notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.userId] }),
    check(
      'keeper_shop_profiles_len_chk',
      sql`char_length(${t.name}) between 2 and 20 and char_length(${t.intro}) <= 100`,
    ),
  ],
);

/** A keeper's curated set of the shop's products (店主搭配), shared as one page (搭配购). */
export const composeSets = pgTable(
  'compose_sets',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    keeperId: ref('keeper_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    /** The products in the keeper's order; each is the shop's, checked when saved and when shown. */
    productNos: text('product_nos').array().notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('compose_sets_keeper_idx').on(t.shopId, t.keeperId, t.id),
    check(
      'compose_sets_size_chk',
      sql`cardinality(${t.productNos}) between 2 and 9 and char_length(${t.title}) between 2 and 20 and char_length(${t.intro}) <= 100`,
    ),
  ],
);

/** A keeper leaving the shop (distributor/unbinding): who, when, and who had invited them. */
export const keeperUnbindings = pgTable(
  'keeper_unbindings',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    invitedBy: ref('invited_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('keeper_unbindings_user_idx').on(t.shopId, t.userId)],
);
