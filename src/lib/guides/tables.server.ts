/** The guides a user has seen. */
import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ref, createdAt } from '#lib/platform/db/columns.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

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
