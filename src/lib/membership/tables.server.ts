/** A user's standing in a shop, and the administrator grants. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at, oneOf } from '#lib/platform/db/columns.ts';
import { MemberRole, memberRoles } from './roles.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

/** A user's standing in one shop; role and maxRole are MemberRole numbers. */
export const shopMembers = pgTable(
  'shop_members',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    role: smallint('role').notNull().default(MemberRole.Consumer),
    maxRole: smallint('max_role').notNull().default(MemberRole.Consumer),
    distributorDisable: boolean('distributor_disable').notNull().default(false),
    level: integer('level'),
    administrator: boolean('administrator').notNull().default(false),
    signAgreement: boolean('sign_agreement').notNull().default(false),
    /** The distributor whose link brought this customer in. */
    invitedBy: ref('invited_by').references(() => users.id),
    /** When the member last applied to keep the shop (申请开店); null for one who never did. */
    appliedAt: at('applied_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.userId] }),
    index('shop_members_user_idx').on(t.userId),
    index('shop_members_invited_idx').on(t.shopId, t.invitedBy),
    check(
      'shop_members_role_chk',
      sql`${oneOf(t.role, memberRoles)} and ${oneOf(t.maxRole, memberRoles)}`,
    ),
  ],
);

/**
 * The QR-code consent to an administrator (bind/qrCode): a one-time grant the applicant's page
 * shows as a QR code and the shop owner approves. Only the SHA-256 of its token is kept; one open
 * grant per applicant and shop (a new request replaces it).
 */
export const adminGrants = pgTable(
  'admin_grants',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The six digits both screens show, so the owner approves the right person. */
    userVerifyCode: text('user_verify_code').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admin_grants_open_unique')
      .on(t.shopId, t.userId)
      .where(sql`${t.consumedAt} is null`),
    index('admin_grants_expires_idx').on(t.expiresAt),
  ],
);
