/** Live rooms. */
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { id, at } from './columns.ts';
import { shops } from './shop.ts';

/** liveStatus: LiveStatus; liveType: LiveType (School is the business school). */
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
