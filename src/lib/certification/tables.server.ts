/**
 * Keepers' certifications (decision 054): one per keeper and shop, in one of three kinds, moved
 * only by certification/transitions.server.ts; and every change of its state, kept as evidence.
 * Names and numbers of people are kept encrypted and masked, never plain; a business's name and
 * credit code are public registration data and kept as they are.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, oneOf, ref } from '#lib/platform/db/columns.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';
import { CertificationStatus, certificationTransitions } from './status.ts';
import type { Withholding } from './tax.ts';

export const certifications = pgTable(
  'certifications',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    /** CertificationKind: individual, business or enterprise. */
    kind: text('kind').$type<'individual' | 'business' | 'enterprise'>().notNull(),
    status: smallint('status').notNull().default(CertificationStatus.Draft),
    /** A business or company: its registered name and 统一社会信用代码. */
    subjectName: text('subject_name'),
    creditCode: text('credit_code'),
    /** The operator (个体工商户) or legal representative (企业): masked, and encrypted. */
    representativeMasked: text('representative_masked'),
    representativeCipher: text('representative_cipher'),
    /** Pictures of the documents, as media keys: the ID card's two sides, the licence. */
    idFrontImage: text('id_front_image'),
    idBackImage: text('id_back_image'),
    licenceImage: text('licence_image'),
    /** The last day the ID card or licence is valid; none for a licence without an end. */
    documentValidUntil: date('document_valid_until', { mode: 'string' }),
    rejectReason: text('reject_reason'),
    submittedAt: at('submitted_at'),
    verifiedAt: at('verified_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('certifications_keeper_unique').on(t.shopId, t.userId),
    index('certifications_status_idx').on(t.shopId, t.status),
    check('certifications_kind_chk', sql`${t.kind} in ('individual', 'business', 'enterprise')`),
    check('certifications_status_chk', oneOf(t.status, certificationTransitions.statuses)),
    check(
      'certifications_rejected_chk',
      sql`${t.status} <> ${sql.raw(String(CertificationStatus.Rejected))} or ${t.rejectReason} is not null`,
    ),
  ],
);

/** Every state a certification took, by whom, with a note (a rejection's reason). */
export const certificationEvents = pgTable(
  'certification_events',
  {
    id: id(),
    certificationId: ref('certification_id')
      .notNull()
      .references(() => certifications.id),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('certification_events_idx').on(t.certificationId, t.id)],
);

/**
 * The tax withheld on each payout of 劳务报酬 (tax.ts), one row per withdrawal, counted per person
 * (their verified ID number's keyed hash) over the tax year. A payout that failed is voided and
 * no longer counted. The calculation is kept whole, as the keeper reads it (taxGrcDetail).
 */
export const payoutTaxes = pgTable(
  'payout_taxes',
  {
    id: id(),
    /** The withdrawal it was paid by (distribution area), by its number. */
    withdrawalNo: text('withdrawal_no').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    personKey: text('person_key').notNull(),
    /** YYYY-MM of the shop day it was paid. */
    month: text('month').notNull(),
    incomeCents: integer('income_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    calculation: jsonb('calculation').$type<Withholding>().notNull(),
    voidedAt: at('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_taxes_person_idx').on(t.personKey, t.month),
    check(
      'payout_taxes_amounts_chk',
      sql`${t.incomeCents} > 0 and ${t.taxCents} >= 0 and ${t.taxCents} <= ${t.incomeCents}`,
    ),
  ],
);
