/** Who brought a shopper: the keeper a shopper is bound to in a shop, and visits by keepers' links. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ref, at } from '#lib/platform/db/columns.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

/**
 * Which shop keeper a shopper belongs to in a shop (decision 022): the first active shop keeper
 * whose link they arrived by, for ATTRIBUTION_DAYS; a later link rebinds only once it lapsed.
 */
export const attributions = pgTable(
  'attributions',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    distributorId: ref('distributor_id')
      .notNull()
      .references(() => users.id),
    boundAt: at('bound_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.userId] }),
    index('attributions_distributor_idx').on(t.shopId, t.distributorId, t.boundAt),
    check('attributions_not_self_chk', sql`${t.userId} <> ${t.distributorId}`),
  ],
);

/** Visits by a shop keeper's links per day (shop-data). */
export const linkVisits = pgTable(
  'link_visits',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    distributorId: ref('distributor_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.distributorId, t.day] })],
);
