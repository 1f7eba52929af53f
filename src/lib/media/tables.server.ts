/** Stored binary media (pictures, logos, uploads). */
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, id, ref, createdAt } from '#lib/platform/db/columns.ts';

/**
 * Stored binary media: generated product pictures, logos, banners, uploads. Only public media is
 * served by /media/{id}; private uploads (identity cards, licences) belong to their owner.
 */
export const media = pgTable('media', {
  id: id(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  isPublic: boolean('is_public').notNull().default(true),
  ownerUserId: ref('owner_user_id'),
  createdAt: createdAt(),
});
