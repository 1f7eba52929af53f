/**
 * The ledger's writes and balances (ledger.ts, decision 022). Every function runs inside the
 * caller's transaction: a transfer and the balances it moves commit together or not at all.
 * Accounts are updated in ascending id order, so two transfers never wait on each other.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import { ledgerAccounts, ledgerTransfers } from '#lib/platform/db/schema.ts';
import {
  type AccountKind,
  KeeperAccount,
  ShopAccount,
  TransferKind,
  type TransferReason,
} from './ledger.ts';

/** A posted debit would take a shop keeper's account below zero. */
export class InsufficientFunds extends Error {
  override name = 'InsufficientFunds';
}

/** The id of an account, opened on first use. */
export async function accountId(
  tx: DbOrTx,
  shopId: string,
  userId: number | null,
  kind: AccountKind,
): Promise<number> {
  const [opened] = await tx
    .insert(ledgerAccounts)
    .values({ shopId, userId, kind })
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  if (opened) return opened.id;
  const [found] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.shopId, shopId),
        userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.kind, kind),
      ),
    );
  return found!.id;
}

export const keeperAccount = (tx: DbOrTx, shopId: string, userId: number, kind: AccountKind) =>
  accountId(tx, shopId, userId, kind);
export const shopAccount = (
  tx: DbOrTx,
  shopId: string,
  kind: (typeof ShopAccount)[keyof typeof ShopAccount],
) => accountId(tx, shopId, null, kind);

/** The keeper's accounts must not go below zero when debited (owed may). */
const GUARDED: readonly AccountKind[] = [KeeperAccount.Available, KeeperAccount.Withdrawing];

interface Move {
  accountId: number;
  posted: number;
  pending: number;
}

/** Applies balance changes in account id order; a guarded posted debit that does not fit throws. */
async function move(tx: Tx, moves: Move[]): Promise<void> {
  const sorted = [...moves].sort((a, b) => a.accountId - b.accountId);
  for (const m of sorted) {
    const [row] = await tx
      .update(ledgerAccounts)
      .set({
        postedCents: sql`${ledgerAccounts.postedCents} + ${m.posted}`,
        pendingCents: sql`${ledgerAccounts.pendingCents} + ${m.pending}`,
      })
      .where(
        and(
          eq(ledgerAccounts.id, m.accountId),
          m.posted < 0
            ? sql`(${ledgerAccounts.kind} not in (${sql.join(
                GUARDED.map((k) => sql`${k}`),
                sql`, `,
              )}) or ${ledgerAccounts.postedCents} >= ${-m.posted})`
            : undefined,
        ),
      )
      .returning({ id: ledgerAccounts.id });
    if (!row) throw new InsufficientFunds(`account ${m.accountId} cannot give ${-m.posted}`);
  }
}

export interface NewTransfer {
  id: string;
  kind: typeof TransferKind.Posted | typeof TransferKind.Pending;
  debitAccountId: number;
  creditAccountId: number;
  amountCents: number;
  reason: TransferReason;
  orderLineId?: number | null;
  withdrawalId?: number | null;
  now: Date;
}

/**
 * Writes a transfer and moves its balances; false when a transfer of that id exists already
 * (the event was recorded before: nothing moves again). Amounts of zero write nothing.
 */
export async function transfer(tx: Tx, t: NewTransfer): Promise<boolean> {
  if (t.amountCents <= 0) return false;
  const [written] = await tx
    .insert(ledgerTransfers)
    .values({
      id: t.id,
      kind: t.kind,
      debitAccountId: t.debitAccountId,
      creditAccountId: t.creditAccountId,
      amountCents: t.amountCents,
      reason: t.reason,
      orderLineId: t.orderLineId ?? null,
      withdrawalId: t.withdrawalId ?? null,
      createdAt: t.now,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerTransfers.id });
  if (!written) return false;
  const posted = t.kind === TransferKind.Posted ? t.amountCents : 0;
  const pending = t.kind === TransferKind.Pending ? t.amountCents : 0;
  await move(tx, [
    { accountId: t.debitAccountId, posted: -posted, pending: -pending },
    { accountId: t.creditAccountId, posted, pending },
  ]);
  return true;
}

/**
 * Resolves a pending transfer once: `post` moves its whole amount for good, `void` lets it lapse.
 * False when it was resolved already (by this or another event) or is not pending.
 */
export async function resolvePending(
  tx: Tx,
  r: {
    id: string;
    pendingId: string;
    kind: typeof TransferKind.Post | typeof TransferKind.Void;
    reason: TransferReason;
    now: Date;
  },
): Promise<boolean> {
  const [pending] = await tx
    .select()
    .from(ledgerTransfers)
    .where(
      and(eq(ledgerTransfers.id, r.pendingId), eq(ledgerTransfers.kind, TransferKind.Pending)),
    );
  if (!pending) return false;
  const [written] = await tx
    .insert(ledgerTransfers)
    .values({
      id: r.id,
      kind: r.kind,
      pendingId: pending.id,
      debitAccountId: pending.debitAccountId,
      creditAccountId: pending.creditAccountId,
      amountCents: pending.amountCents,
      reason: r.reason,
      orderLineId: pending.orderLineId,
      withdrawalId: pending.withdrawalId,
      createdAt: r.now,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerTransfers.id });
  if (!written) return false;
  const amount = pending.amountCents;
  const posted = r.kind === TransferKind.Post ? amount : 0;
  await move(tx, [
    { accountId: pending.debitAccountId, posted: -posted, pending: amount },
    { accountId: pending.creditAccountId, posted, pending: -amount },
  ]);
  return true;
}

/** A shop keeper's balances in a shop, in cents. */
export interface KeeperBalances {
  /** 可提现. */
  availableCents: number;
  /** 待结算: commission waiting for its orders' after-sale window. */
  pendingCents: number;
  /** 提现中. */
  withdrawingCents: number;
  /** 待扣回: clawed-back commission not yet covered (zero or more). */
  owedCents: number;
}

export async function keeperBalances(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<KeeperBalances> {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      posted: ledgerAccounts.postedCents,
      pending: ledgerAccounts.pendingCents,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.shopId, shopId),
        eq(ledgerAccounts.userId, userId),
        inArray(ledgerAccounts.kind, Object.values(KeeperAccount)),
      ),
    );
  const of = (kind: AccountKind) => rows.find((row) => row.kind === kind);
  return {
    availableCents: Number(of(KeeperAccount.Available)?.posted ?? 0),
    pendingCents: Number(of(KeeperAccount.Available)?.pending ?? 0),
    withdrawingCents: Number(of(KeeperAccount.Withdrawing)?.posted ?? 0),
    owedCents: Math.abs(Number(of(KeeperAccount.Owed)?.posted ?? 0)),
  };
}

/**
 * The distributor profit call (shell §7): balance is 可提现, frozen is what is not withdrawable
 * yet — commission waiting for settlement and withdrawals under way.
 */
export async function profitSummary(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<{ balanceCents: number; frozenCents: number }> {
  const b = await keeperBalances(db, shopId, userId);
  return { balanceCents: b.availableCents, frozenCents: b.pendingCents + b.withdrawingCents };
}

/**
 * The ledger's invariants, for tests and the reconciliation script: both sums are zero, and the
 * balances equal what the transfers say. Answers the problems found (empty when sound).
 */
export async function auditLedger(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  const [sums] = await db
    .select({
      posted: sql<string>`coalesce(sum(${ledgerAccounts.postedCents}), 0)`,
      pending: sql<string>`coalesce(sum(${ledgerAccounts.pendingCents}), 0)`,
    })
    .from(ledgerAccounts);
  if (Number(sums!.posted) !== 0) problems.push(`posted balances sum to ${sums!.posted}`);
  if (Number(sums!.pending) !== 0) problems.push(`pending balances sum to ${sums!.pending}`);
  const rows = (await db.execute(sql`
    with effects as (
      select t.debit_account_id as account_id,
             case t.kind when 'posted' then -t.amount_cents when 'post' then -t.amount_cents else 0 end as posted,
             case t.kind when 'pending' then -t.amount_cents when 'post' then t.amount_cents when 'void' then t.amount_cents else 0 end as pending
        from ledger_transfers t
      union all
      select t.credit_account_id,
             case t.kind when 'posted' then t.amount_cents when 'post' then t.amount_cents else 0 end,
             case t.kind when 'pending' then t.amount_cents when 'post' then -t.amount_cents when 'void' then -t.amount_cents else 0 end
        from ledger_transfers t
    ), totals as (
      select account_id, sum(posted) as posted, sum(pending) as pending from effects group by account_id
    )
    select a.id, a.posted_cents, a.pending_cents, coalesce(t.posted, 0) as want_posted, coalesce(t.pending, 0) as want_pending
      from ledger_accounts a left join totals t on t.account_id = a.id
     where a.posted_cents <> coalesce(t.posted, 0) or a.pending_cents <> coalesce(t.pending, 0)
  `)) as unknown;
  const differing = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  for (const row of differing as { id: number }[]) {
    problems.push(`account ${row.id} differs from its transfers`);
  }
  const [negative] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerAccounts)
    .where(
      sql`(${ledgerAccounts.kind} in ('available', 'withdrawing') and (${ledgerAccounts.postedCents} < 0 or ${ledgerAccounts.pendingCents} < 0)) or (${ledgerAccounts.kind} = 'owed' and ${ledgerAccounts.postedCents} > 0)`,
    );
  if (negative!.n > 0) problems.push(`${negative!.n} accounts below zero`);
  return problems;
}
