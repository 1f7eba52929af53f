/**
 * Shop keepers' bank cards and withdrawals (with the payout sandbox's bills).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at, oneOf } from '#lib/platform/db/columns.ts';
import { WithdrawalStatus, withdrawalTransitions } from './status.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';
import { media } from '#lib/media/tables.server.ts';

/**
 * A bank card a shop keeper withdraws to: personal (the holder is their verified real name) or
 * enterprise (confirmed by a small amount the provider sends). The number is kept encrypted for
 * payouts, masked for display and hashed to find it again. status: bound, verifying, failed.
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'personal' | 'enterprise'>().notNull().default('personal'),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    holderName: text('holder_name').notNull(),
    cardNoMasked: text('card_no_masked').notNull(),
    cardNoCipher: text('card_no_cipher').notNull(),
    cardNoHash: text('card_no_hash').notNull(),
    status: text('status').$type<'bound' | 'verifying' | 'failed'>().notNull().default('bound'),
    /** Enterprise cards: the hash of the small amount sent, and the tries left to enter it. */
    verifyAmountHash: text('verify_amount_hash'),
    verifyTriesLeft: smallint('verify_tries_left').notNull().default(0),
    removedAt: at('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_cards_number_unique')
      .on(t.userId, t.cardNoHash)
      .where(sql`${t.removedAt} is null`),
    check('bank_cards_kind_chk', sql`${t.kind} in ('personal', 'enterprise')`),
    check('bank_cards_status_chk', sql`${t.status} in ('bound', 'verifying', 'failed')`),
  ],
);

/**
 * A withdrawal; status: WithdrawalStatus. out_bill_no is saved before the payout provider is
 * asked, so a retry asks about the same bill and never pays twice.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    withdrawalNo: text('withdrawal_no').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    /** Where the money goes (decision 033): `card` (a bound bank card) or `wechat` (微信零钱). */
    destination: text('destination').$type<'card' | 'wechat'>().notNull().default('card'),
    bankCardId: ref('bank_card_id').references(() => bankCards.id),
    /** 微信零钱: the keeper's openid in the shop's app when they applied. */
    payeeOpenId: text('payee_open_id'),
    /** 待确认收款: the transfer bill's package_info, handed to WeChat's confirm-receipt sheet. */
    transferPackage: text('transfer_package'),
    /** The card (bank and masked number) or 微信零钱, as it was when applied for. */
    cardLabel: text('card_label').notNull(),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull().default(0),
    /** Income tax withheld (a person paid as 劳务报酬; certification area's payout_taxes). */
    taxCents: integer('tax_cents').notNull().default(0),
    status: smallint('status').notNull().default(WithdrawalStatus.Applied),
    outBillNo: text('out_bill_no').unique(),
    providerBillId: text('provider_bill_id'),
    reviewedBy: ref('reviewed_by').references(() => users.id),
    reviewedAt: at('reviewed_at'),
    rejectReason: text('reject_reason'),
    failReason: text('fail_reason'),
    paidAt: at('paid_at'),
    /** The payout's e-receipt (电子回单) from the provider, kept as the keeper's private file. */
    receiptMediaId: ref('receipt_media_id').references(() => media.id),
    /** When the provider was last asked for it (a receipt is made some time after the payment). */
    receiptAskedAt: at('receipt_asked_at'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.shopId, t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.shopId, t.status),
    uniqueIndex('withdrawals_idempotency_unique').on(t.userId, t.idempotencyKey),
    check(
      'withdrawals_amount_chk',
      sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.taxCents} >= 0 and ${t.feeCents} + ${t.taxCents} < ${t.amountCents}`,
    ),
    check('withdrawals_status_chk', oneOf(t.status, withdrawalTransitions.statuses)),
    check(
      'withdrawals_destination_chk',
      sql`(${t.destination} = 'card' and ${t.bankCardId} is not null) or (${t.destination} = 'wechat' and ${t.payeeOpenId} is not null)`,
    ),
  ],
);

/** Every status change of a withdrawal (cash/{id} timeline), written with the change. */
export const withdrawalEvents = pgTable(
  'withdrawal_events',
  {
    id: id(),
    withdrawalId: ref('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('withdrawal_events_idx').on(t.withdrawalId, t.id)],
);

/**
 * The payout sandbox's own bills (the provider's side): one per out_bill_no, so asking again
 * with the same number answers the same bill and pays nothing more.
 */
export const sandboxPayoutBills = pgTable('sandbox_payout_bills', {
  outBillNo: text('out_bill_no').primaryKey(),
  billId: text('bill_id').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  cardNoHash: text('card_no_hash').notNull(),
  state: text('state').$type<'SUCCESS' | 'FAIL'>().notNull(),
  failReason: text('fail_reason'),
  createdAt: createdAt(),
});
