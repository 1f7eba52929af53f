/** Customer service: a shopper's conversation with a shop, and its messages. */
import { sql } from 'drizzle-orm';
import {
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

/** One per shopper and shop; status: ConversationStatus (10 open, 20 closed by the shop). */
export const serviceConversations = pgTable(
  'service_conversations',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    status: smallint('status').notNull().default(10),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    /** The last message as the lists show it (a short text). */
    lastPreview: text('last_preview').notNull().default(''),
    /** Messages the shopper has not read yet, and the shop's side has not. */
    shopperUnread: integer('shopper_unread').notNull().default(0),
    shopUnread: integer('shop_unread').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('service_conversations_shop_user_uq').on(t.shopId, t.userId),
    index('service_conversations_shop_idx').on(t.shopId, t.lastMessageAt),
    check('service_conversations_status_chk', sql`${t.status} in (10, 20)`),
    check(
      'service_conversations_unread_chk',
      sql`${t.shopperUnread} >= 0 and ${t.shopUnread} >= 0`,
    ),
  ],
);

/**
 * A message of a conversation; kind: ServiceMessageKind (text, product, order, image), body its
 * fields. fromShop: written by the shop's side (owner or customer service), else by the shopper.
 */
export const serviceMessages = pgTable(
  'service_messages',
  {
    id: id(),
    conversationId: ref('conversation_id')
      .notNull()
      .references(() => serviceConversations.id),
    senderId: ref('sender_id')
      .notNull()
      .references(() => users.id),
    fromShop: smallint('from_shop').notNull().default(0),
    kind: text('kind').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('service_messages_conversation_idx').on(t.conversationId, t.id),
    check('service_messages_kind_chk', sql`${t.kind} in ('text', 'product', 'order', 'image')`),
    check('service_messages_side_chk', sql`${t.fromShop} in (0, 1)`),
  ],
);
