/** Shares confirmed, keepers' forwarding texts and short share codes. */
import { index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at } from '#lib/platform/db/columns.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

/** A share a shopper or keeper confirmed (POST /api/member/v2/confirm), once per requestId. */
export const shareEvents = pgTable(
  'share_events',
  {
    id: id(),
    requestId: text('request_id').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id').references(() => users.id),
    distributorId: ref('distributor_id').references(() => users.id),
    contentType: smallint('content_type').notNull(),
    contentId: text('content_id').notNull().default(''),
    shareChannel: integer('share_channel'),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('share_events_shop_idx').on(t.shopId, t.distributorId, t.createdAt)],
);

/** A shop keeper's own forwarding text (editForward), per shop and content type. */
export const forwardTexts = pgTable(
  'forward_texts',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    contentType: smallint('content_type').notNull(),
    text: text('text').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.userId, t.contentType] })],
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
