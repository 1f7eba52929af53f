/** Cart lines. */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, createdAt } from '#lib/platform/db/columns.ts';
import { skus } from '#lib/catalog/tables.server.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

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
