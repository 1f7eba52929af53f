/** The shop's decoration: its banners, and the home layout a manager drafts and publishes. */
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ref, at } from '#lib/platform/db/columns.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

/**
 * The home page's decoration (decoration): the manager edits the draft, previews it and publishes
 * it; shoppers see the published layout. Both are HomeLayout documents (decoration/decoration.ts).
 */
export const shopDecorations = pgTable('shop_decorations', {
  shopId: text('shop_id')
    .primaryKey()
    .references(() => shops.id),
  draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
  published: jsonb('published').$type<Record<string, unknown>>(),
  publishedAt: at('published_at'),
  publishedBy: ref('published_by').references(() => users.id),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Banners by location key: indexBanner, brandBanner, proDetailBanner. */
export const banners = pgTable('banners', {
  id: id(),
  shopId: text('shop_id')
    .notNull()
    .references(() => shops.id),
  location: text('location').notNull(),
  title: text('title').notNull().default(''),
  imageUrl: text('image_url').notNull(),
  /** The internal target: { route, params }. */
  link: jsonb('link').$type<{ route: string; params?: Record<string, string> }>(),
  sort: integer('sort').notNull().default(0),
  startAt: at('start_at'),
  endAt: at('end_at'),
});
