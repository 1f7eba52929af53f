/** Distributors' wallets, withdrawals and share links. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, ref, createdAt } from './columns.ts';
import { oneOf } from './columns.ts';
import { WithdrawalStatus, withdrawalTransitions } from '#lib/distribution/status.ts';
import { users } from './identity.ts';
import { orders } from './orders.ts';
import { shops } from './shop.ts';

/** A distributor's money in one shop: balance may be withdrawn, frozen awaits order completion. */
export const wallets = pgTable(
  'wallets',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    balanceCents: integer('balance_cents').notNull().default(0),
    frozenCents: integer('frozen_cents').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.userId] }),
    check('wallets_nonnegative_chk', sql`${t.balanceCents} >= 0 and ${t.frozenCents} >= 0`),
  ],
);

/** Every movement of wallet money: kind income, withdraw, refund_reversal ... */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    orderId: ref('order_id').references(() => orders.id),
    withdrawalId: ref('withdrawal_id').references((): AnyPgColumn => withdrawals.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_entries_user_idx').on(t.shopId, t.userId, t.createdAt),
    // Settling an order twice must not credit twice.
    uniqueIndex('wallet_entries_order_unique')
      .on(t.orderId, t.userId, t.kind)
      .where(sql`${t.orderId} is not null`),
  ],
);

export const bankCards = pgTable('bank_cards', {
  id: id(),
  userId: ref('user_id')
    .notNull()
    .references(() => users.id),
  bankName: text('bank_name').notNull(),
  holderName: text('holder_name').notNull(),
  cardNoMasked: text('card_no_masked').notNull(),
  cardNoHash: text('card_no_hash').notNull(),
  createdAt: createdAt(),
});

/** status: WithdrawalStatus. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    bankCardId: ref('bank_card_id')
      .notNull()
      .references(() => bankCards.id),
    amountCents: integer('amount_cents').notNull(),
    status: smallint('status').notNull().default(WithdrawalStatus.Applied),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('withdrawals_idempotency_unique').on(t.userId, t.idempotencyKey),
    check('withdrawals_amount_chk', sql`${t.amountCents} > 0`),
    check('withdrawals_status_chk', oneOf(t.status, withdrawalTransitions.statuses)),
  ],
);

/** Short share codes resolved by GET /api/member/normal/share. */
export const shareLinks = pgTable('share_links', {
  code: text('code').primaryKey(),
  shopId: text('shop_id')
    .notNull()
    .references(() => shops.id),
  distributorId: ref('distributor_id').references(() => users.id),
  contentType: smallint('content_type').notNull(),
  target: jsonb('target').$type<{ route: string; params?: Record<string, string> }>().notNull(),
  createdAt: createdAt(),
});
