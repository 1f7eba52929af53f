/** Live rooms, what is said and done in them, and reminders of upcoming ones. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at } from '#lib/platform/db/columns.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

/** liveStatus: LiveStatus; liveType: LiveType (School is the business school, Radio audio only). */
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
    /** The host's name as shown on the room (the shop owner hosts). */
    hostName: text('host_name').notNull().default(''),
    intro: text('intro').notNull().default(''),
    /** The HLS playlist of the stream while live (media or an absolute URL). */
    streamUrl: text('stream_url'),
    /** The product the host is explaining now (讲解中), one of productNos. */
    currentProductNo: text('current_product_no'),
    /** The comment the host pinned (live_messages.id). */
    pinnedMessageId: ref('pinned_message_id'),
    likeCount: bigint('like_count', { mode: 'number' }).notNull().default(0),
    /** Every time someone opened the room (观看). */
    viewCount: integer('view_count').notNull().default(0),
  },
  (t) => [
    check('live_rooms_status_chk', sql`${t.liveStatus} in (10, 20, 30)`),
    check('live_rooms_type_chk', sql`${t.liveType} in (10, 20, 30)`),
    check('live_rooms_counts_chk', sql`${t.likeCount} >= 0 and ${t.viewCount} >= 0`),
    index('live_rooms_shop_idx').on(t.shopId, t.liveType, t.liveStatus),
  ],
);

/**
 * What was said and done in a room, in order: comments, the product switched to, a pin, a coupon
 * dropped. The id is the event id of the room's stream (Last-Event-ID replays from it).
 * kind: LiveMessageKind; body: the kind's fields (the comment's text, the product number, ...).
 */
export const liveMessages = pgTable(
  'live_messages',
  {
    id: id(),
    roomId: ref('room_id')
      .notNull()
      .references(() => liveRooms.id),
    kind: text('kind').notNull(),
    userId: ref('user_id').references(() => users.id),
    /** The sender's name as shown, sanitised when written. */
    nickName: text('nick_name').notNull().default(''),
    body: jsonb('body').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check('live_messages_kind_chk', sql`${t.kind} in ('comment', 'product', 'pin', 'coupon')`),
    index('live_messages_room_idx').on(t.roomId, t.id),
    index('live_messages_user_idx').on(t.userId, t.createdAt),
  ],
);

/** 预约: remind this user when the room starts. */
export const liveReminders = pgTable(
  'live_reminders',
  {
    roomId: ref('room_id')
      .notNull()
      .references(() => liveRooms.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

/**
 * The likes a user gave a room in the current window (decision 036): a like call takes what the
 * window has left under this row's lock, so the rate holds across server processes.
 */
export const liveLikeWindows = pgTable(
  'live_like_windows',
  {
    roomId: ref('room_id')
      .notNull()
      .references(() => liveRooms.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    startedAt: at('started_at').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    check('live_like_windows_taken_chk', sql`${t.taken} >= 0`),
  ],
);

/**
 * When a viewer was last counted as a view (观看) of a room (decision 036): a signed-in user by
 * `u:<id>`, anyone else by `c:<client key>`. A view counts again only after VIEW_WINDOW_MS.
 */
export const liveViews = pgTable(
  'live_views',
  {
    roomId: ref('room_id')
      .notNull()
      .references(() => liveRooms.id),
    viewer: text('viewer').notNull(),
    countedAt: at('counted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.viewer] })],
);
