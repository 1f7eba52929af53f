/** Delivery addresses. */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at } from '#lib/platform/db/columns.ts';
import { users } from '#lib/identity/tables.server.ts';

/** A delivery address of a user; at most 20 per user (addresses/addresses.ts). */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    /** The district's administrative code (GB/T 2260), from the regions dataset. */
    regionCode: text('region_code').notNull().default(''),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // One default address per user.
    uniqueIndex('addresses_default_unique')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
