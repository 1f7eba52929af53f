/** The commission ledger: accounts and the double-entry transfers between them. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, ref, createdAt } from '#lib/platform/db/columns.ts';
import {
  ACCOUNT_KINDS,
  type AccountKind,
  KeeperAccount,
  ShopAccount,
  type TransferKind,
  type TransferReason,
} from './ledger.ts';
import { users } from '#lib/identity/tables.server.ts';
import { orderLines } from '#lib/orders/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';
import { withdrawals } from '#lib/distribution/tables.server.ts';

/**
 * A ledger account (commission/ledger.ts): a shop keeper's available, withdrawing and owed
 * accounts per shop, and each shop's commission and payouts accounts (user null). posted and
 * pending are running sums kept by the transfers; the CHECKs refuse what we owe a shop keeper
 * going below zero, and what they owe us going above it.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: ref('user_id').references(() => users.id),
    kind: text('kind').$type<AccountKind>().notNull(),
    postedCents: bigint('posted_cents', { mode: 'number' }).notNull().default(0),
    pendingCents: bigint('pending_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_unique').on(t.shopId, t.userId, t.kind).nullsNotDistinct(),
    check(
      'ledger_accounts_kind_chk',
      sql`${t.kind} in (${sql.raw(ACCOUNT_KINDS.map((k) => `'${k}'`).join(', '))})`,
    ),
    check(
      'ledger_accounts_owner_chk',
      sql`(${t.userId} is null) = (${t.kind} in ('${sql.raw(ShopAccount.Commission)}', '${sql.raw(ShopAccount.Payouts)}'))`,
    ),
    check(
      'ledger_accounts_balance_chk',
      sql`case ${t.kind}
        when '${sql.raw(KeeperAccount.Available)}' then ${t.postedCents} >= 0 and ${t.pendingCents} >= 0
        when '${sql.raw(KeeperAccount.Withdrawing)}' then ${t.postedCents} >= 0 and ${t.pendingCents} = 0
        when '${sql.raw(KeeperAccount.Owed)}' then ${t.postedCents} <= 0 and ${t.pendingCents} = 0
        else true end`,
    ),
  ],
);

/**
 * An immutable transfer (never updated nor deleted: a trigger refuses it). Its id derives from
 * the business event, so a retry inserts nothing. A `post` or `void` names the pending transfer
 * it resolves; each pending one is resolved at most once (the unique index).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<TransferKind>().notNull(),
    pendingId: text('pending_id').references((): AnyPgColumn => ledgerTransfers.id),
    debitAccountId: ref('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: ref('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').$type<TransferReason>().notNull(),
    orderLineId: ref('order_line_id').references(() => orderLines.id),
    withdrawalId: ref('withdrawal_id').references((): AnyPgColumn => withdrawals.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_resolves_unique').on(t.pendingId),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.createdAt),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.createdAt),
    index('ledger_transfers_line_idx').on(t.orderLineId),
    check('ledger_transfers_amount_chk', sql`${t.amountCents} > 0`),
    check('ledger_transfers_accounts_chk', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check(
      'ledger_transfers_kind_chk',
      sql`${t.kind} in ('posted', 'pending', 'post', 'void') and (${t.kind} in ('post', 'void')) = (${t.pendingId} is not null)`,
    ),
  ],
);
