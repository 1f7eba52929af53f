/**
 * The legal area's tables: each shop's agreements, one row per published version, never edited
 * (a trigger of the migration refuses any UPDATE); each acceptance of a version by a user; and the
 * business licence the shop shows (网上亮照).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, id, ref } from '#lib/platform/db/columns.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';
import { media } from '#lib/media/tables.server.ts';
import type { AgreementBody } from './document.ts';
import type { LicenceKind } from './licence.ts';

/**
 * A published version of one of a shop's agreements (types.ts). Versions count from 1 per shop and
 * type; the current one is the highest whose effective date has come. `text_hash` is the SHA-256
 * of the title, the effective date and the canonical text (document.ts hashedText), the hash an
 * acceptance records. `published_by` is null for the platform's text a shop starts with.
 */
export const agreements = pgTable(
  'agreements',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    body: jsonb('body').$type<AgreementBody>().notNull(),
    textHash: text('text_hash').notNull(),
    publishedBy: ref('published_by').references(() => users.id),
    publishedAt: at('published_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agreements_version_unique').on(t.shopId, t.type, t.version),
    check('agreements_version_chk', sql`${t.version} >= 1`),
    check('agreements_hash_chk', sql`${t.textHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * A user's acceptance of one version: when, from which client address and browser, through which
 * step (`via`: the login form, the prompt after a new version, the keeper's contract sign-off or
 * the agreement's own page), and the hash of the text they were shown. One row per user and
 * version: accepting again changes nothing.
 */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    agreementId: ref('agreement_id')
      .notNull()
      .references(() => agreements.id),
    type: text('type').notNull(),
    version: integer('version').notNull(),
    textHash: text('text_hash').notNull(),
    acceptedAt: at('accepted_at').notNull().defaultNow(),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    via: text('via').notNull(),
  },
  (t) => [
    uniqueIndex('agreement_acceptances_once').on(t.userId, t.agreementId),
    index('agreement_acceptances_user_idx').on(t.userId, t.shopId, t.type),
    check(
      'agreement_acceptances_via_chk',
      sql`${t.via} in ('login', 'prompt', 'contract', 'page')`,
    ),
  ],
);

/** The shop's business licence as its owner entered it, and the picture of it. */
export const shopLicences = pgTable('shop_licences', {
  shopId: text('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<LicenceKind>().notNull(),
  name: text('name').notNull(),
  creditCode: text('credit_code').notNull(),
  representative: text('representative').notNull(),
  capital: text('capital').notNull().default(''),
  foundedOn: date('founded_on', { mode: 'string' }).notNull(),
  termStart: date('term_start', { mode: 'string' }).notNull(),
  /** null: 长期. */
  termEnd: date('term_end', { mode: 'string' }),
  address: text('address').notNull(),
  scope: text('scope').notNull(),
  authority: text('authority').notNull(),
  pictureMediaId: ref('picture_media_id').references(() => media.id),
  updatedBy: ref('updated_by').references(() => users.id),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
