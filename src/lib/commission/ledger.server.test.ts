/**
 * The ledger's writes on the embedded database with the real migrations: transfers are written
 * once per id, a pending transfer is resolved once, a shop keeper's account never goes below
 * zero (the whole transaction leaves nothing when it would), history cannot be changed, and the
 * audit finds the ledger sound after every test.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { ledgerAccounts, ledgerTransfers } from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenMember, givenShop } from '#tests/fixtures/given.ts';
import {
  InsufficientFunds,
  auditLedger,
  keeperAccount,
  keeperBalances,
  profitSummary,
  resolvePending,
  shopAccount,
  transfer,
  type NewTransfer,
} from './ledger.server.ts';
import { KeeperAccount, ShopAccount, TransferKind, TransferReason } from './ledger.ts';

const NOW = new Date('2026-11-21T04:00:00Z');

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
});
afterAll(() => database.close());
afterEach(async () => {
  expect(await auditLedger(db)).toEqual([]);
});

let serial = 0;
const nextId = (what: string) => `test:${what}:${(serial += 1)}`;

/** A shop, one of its shop keepers, and the accounts money moves between. */
async function givenKeeper() {
  const shop = await givenShop(db);
  const keeper = await givenMember(db, shop.shopId, { role: 3 });
  const { shopId } = shop;
  return {
    shopId,
    keeperId: keeper.id,
    commission: await shopAccount(db, shopId, ShopAccount.Commission),
    payouts: await shopAccount(db, shopId, ShopAccount.Payouts),
    available: await keeperAccount(db, shopId, keeper.id, KeeperAccount.Available),
    withdrawing: await keeperAccount(db, shopId, keeper.id, KeeperAccount.Withdrawing),
    owed: await keeperAccount(db, shopId, keeper.id, KeeperAccount.Owed),
  };
}
type Keeper = Awaited<ReturnType<typeof givenKeeper>>;

const write = (t: Omit<NewTransfer, 'now'> & { now?: Date }) =>
  db.transaction((tx) => transfer(tx, { now: NOW, ...t }));

/** Commission promised to the keeper (pending). */
const promise = (k: Keeper, amountCents: number, id = nextId('commission')) =>
  write({
    id,
    kind: TransferKind.Pending,
    debitAccountId: k.commission,
    creditAccountId: k.available,
    amountCents,
    reason: TransferReason.Commission,
  }).then((written) => ({ id, written }));

/** Settled commission straight into the keeper's available balance (posted). */
const credit = (k: Keeper, amountCents: number, id = nextId('credit')) =>
  write({
    id,
    kind: TransferKind.Posted,
    debitAccountId: k.commission,
    creditAccountId: k.available,
    amountCents,
    reason: TransferReason.Settle,
  });

const resolve = (
  pendingId: string,
  kind: typeof TransferKind.Post | typeof TransferKind.Void,
  id = `${kind}:${pendingId}`,
) =>
  db.transaction((tx) =>
    resolvePending(tx, {
      id,
      pendingId,
      kind,
      reason: kind === TransferKind.Post ? TransferReason.Settle : TransferReason.RefundVoid,
      now: NOW,
    }),
  );

const balances = (k: Keeper) => keeperBalances(db, k.shopId, k.keeperId);

async function accountRow(id: number) {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return { posted: row!.postedCents, pending: row!.pendingCents };
}

/** The database's own words for why a statement failed (drizzle wraps them in `cause`). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  throw new Error('the statement was not refused');
}

const transfersOf = (ids: string[]) =>
  db.select().from(ledgerTransfers).where(inArray(ledgerTransfers.id, ids));

describe('accounts', () => {
  it('are opened once per shop, keeper and kind', async () => {
    const k = await givenKeeper();
    expect(await keeperAccount(db, k.shopId, k.keeperId, KeeperAccount.Available)).toBe(
      k.available,
    );
    expect(await shopAccount(db, k.shopId, ShopAccount.Commission)).toBe(k.commission);
    expect(new Set([k.commission, k.payouts, k.available, k.withdrawing, k.owed]).size).toBe(5);
    const other = await givenKeeper();
    expect(other.available).not.toBe(k.available);
    expect(other.commission).not.toBe(k.commission);
  });

  it('start at zero for a keeper without any', async () => {
    const shop = await givenShop(db);
    const nobody = await givenMember(db, shop.shopId, { role: 3 });
    expect(await keeperBalances(db, shop.shopId, nobody.id)).toEqual({
      availableCents: 0,
      pendingCents: 0,
      withdrawingCents: 0,
      owedCents: 0,
    });
  });
});

describe('a transfer', () => {
  it('is written once per id: a retry moves nothing', async () => {
    const k = await givenKeeper();
    const id = nextId('retry');
    expect((await promise(k, 1234, id)).written).toBe(true);
    expect((await promise(k, 1234, id)).written).toBe(false);
    // Even a retry claiming another amount or kind is the same event: nothing moves.
    expect((await promise(k, 9999, id)).written).toBe(false);
    expect(await credit(k, 500, id)).toBe(false);
    expect(await balances(k)).toEqual({
      availableCents: 0,
      pendingCents: 1234,
      withdrawingCents: 0,
      owedCents: 0,
    });
    expect(await accountRow(k.commission)).toEqual({ posted: 0, pending: -1234 });
    expect(await transfersOf([id])).toHaveLength(1);
  });

  it('of nothing writes nothing', async () => {
    const k = await givenKeeper();
    const id = nextId('zero');
    expect((await promise(k, 0, id)).written).toBe(false);
    expect((await promise(k, -5, id)).written).toBe(false);
    expect(await transfersOf([id])).toEqual([]);
    expect(await balances(k)).toMatchObject({ availableCents: 0, pendingCents: 0 });
  });

  it('posted moves the balance at once', async () => {
    const k = await givenKeeper();
    expect(await credit(k, 800)).toBe(true);
    expect(await balances(k)).toMatchObject({ availableCents: 800, pendingCents: 0 });
    expect(await profitSummary(db, k.shopId, k.keeperId)).toEqual({
      balanceCents: 800,
      frozenCents: 0,
    });
    expect(await accountRow(k.commission)).toEqual({ posted: -800, pending: 0 });
  });
});

describe('a pending transfer', () => {
  it('is posted whole by a post', async () => {
    const k = await givenKeeper();
    const { id } = await promise(k, 700);
    expect(await profitSummary(db, k.shopId, k.keeperId)).toEqual({
      balanceCents: 0,
      frozenCents: 700,
    });
    expect(await resolve(id, TransferKind.Post)).toBe(true);
    expect(await balances(k)).toMatchObject({ availableCents: 700, pendingCents: 0 });
    expect(await accountRow(k.commission)).toEqual({ posted: -700, pending: 0 });
    const [post] = await transfersOf([`post:${id}`]);
    expect(post).toMatchObject({
      kind: TransferKind.Post,
      pendingId: id,
      debitAccountId: k.commission,
      creditAccountId: k.available,
      amountCents: 700,
      reason: TransferReason.Settle,
    });
  });

  it('lapses by a void', async () => {
    const k = await givenKeeper();
    const { id } = await promise(k, 650);
    expect(await resolve(id, TransferKind.Void)).toBe(true);
    expect(await balances(k)).toMatchObject({ availableCents: 0, pendingCents: 0 });
    expect(await accountRow(k.commission)).toEqual({ posted: 0, pending: 0 });
  });

  it('is resolved once: a second resolution, of either kind, is refused', async () => {
    const k = await givenKeeper();
    const posted = await promise(k, 300);
    const voided = await promise(k, 200);
    expect(await resolve(posted.id, TransferKind.Post)).toBe(true);
    expect(await resolve(voided.id, TransferKind.Void)).toBe(true);
    const before = await balances(k);
    // The same resolution again (a retry), the other kind, or the same kind under another id.
    expect(await resolve(posted.id, TransferKind.Post)).toBe(false);
    expect(await resolve(posted.id, TransferKind.Void)).toBe(false);
    expect(await resolve(posted.id, TransferKind.Post, nextId('again'))).toBe(false);
    expect(await resolve(voided.id, TransferKind.Post)).toBe(false);
    expect(await resolve(voided.id, TransferKind.Void, nextId('again'))).toBe(false);
    expect(await balances(k)).toEqual(before);
    expect(before).toMatchObject({ availableCents: 300, pendingCents: 0 });
    const resolutions = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.pendingId, [posted.id, voided.id]));
    expect(resolutions[0]!.n).toBe(2);
  });

  it('is the only kind that resolves: a posted transfer or an unknown id is not', async () => {
    const k = await givenKeeper();
    const id = nextId('posted');
    await credit(k, 400, id);
    expect(await resolve(id, TransferKind.Void)).toBe(false);
    expect(await resolve('no-such-transfer', TransferKind.Post)).toBe(false);
    // A resolution cannot itself be resolved.
    const { id: pendingId } = await promise(k, 100);
    await resolve(pendingId, TransferKind.Post);
    expect(await resolve(`post:${pendingId}`, TransferKind.Void)).toBe(false);
    expect(await balances(k)).toMatchObject({ availableCents: 500, pendingCents: 0 });
  });
});

describe('a shop keeper’s balance', () => {
  it('cannot be debited beyond it: InsufficientFunds, and the transaction leaves nothing', async () => {
    const k = await givenKeeper();
    await credit(k, 1000);
    const before = {
      balances: await balances(k),
      commission: await accountRow(k.commission),
      payouts: await accountRow(k.payouts),
    };
    const first = nextId('withdraw');
    const second = nextId('withdraw');
    const attempt = db.transaction(async (tx) => {
      // 600 of 1000 fits…
      expect(
        await transfer(tx, {
          id: first,
          kind: TransferKind.Posted,
          debitAccountId: k.available,
          creditAccountId: k.withdrawing,
          amountCents: 600,
          reason: TransferReason.Withdraw,
          now: NOW,
        }),
      ).toBe(true);
      // …another 600 does not.
      await transfer(tx, {
        id: second,
        kind: TransferKind.Posted,
        debitAccountId: k.available,
        creditAccountId: k.withdrawing,
        amountCents: 600,
        reason: TransferReason.Withdraw,
        now: NOW,
      });
    });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await transfersOf([first, second])).toEqual([]);
    expect({
      balances: await balances(k),
      commission: await accountRow(k.commission),
      payouts: await accountRow(k.payouts),
    }).toEqual(before);
    // The whole balance may go, to the cent.
    expect(
      await write({
        id: nextId('withdraw'),
        kind: TransferKind.Posted,
        debitAccountId: k.available,
        creditAccountId: k.withdrawing,
        amountCents: 1000,
        reason: TransferReason.Withdraw,
      }),
    ).toBe(true);
    expect(await balances(k)).toMatchObject({ availableCents: 0, withdrawingCents: 1000 });
  });

  it('guards 提现中 too, while 待扣回 may go below zero (the keeper owes it)', async () => {
    const k = await givenKeeper();
    await credit(k, 300);
    await write({
      id: nextId('withdraw'),
      kind: TransferKind.Posted,
      debitAccountId: k.available,
      creditAccountId: k.withdrawing,
      amountCents: 300,
      reason: TransferReason.Withdraw,
    });
    await expect(
      write({
        id: nextId('payout'),
        kind: TransferKind.Posted,
        debitAccountId: k.withdrawing,
        creditAccountId: k.payouts,
        amountCents: 301,
        reason: TransferReason.Payout,
      }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(
      await write({
        id: nextId('payout'),
        kind: TransferKind.Posted,
        debitAccountId: k.withdrawing,
        creditAccountId: k.payouts,
        amountCents: 300,
        reason: TransferReason.Payout,
      }),
    ).toBe(true);
    expect(
      await write({
        id: nextId('owed'),
        kind: TransferKind.Posted,
        debitAccountId: k.owed,
        creditAccountId: k.commission,
        amountCents: 120,
        reason: TransferReason.ClawbackOwed,
      }),
    ).toBe(true);
    expect(await balances(k)).toEqual({
      availableCents: 0,
      pendingCents: 0,
      withdrawingCents: 0,
      owedCents: 120,
    });
    expect(await accountRow(k.payouts)).toEqual({ posted: 300, pending: 0 });
    // What they owe can be repaid, never overpaid: the database refuses 待扣回 above zero.
    await credit(k, 500);
    expect(
      await refusal(
        write({
          id: nextId('repay'),
          kind: TransferKind.Posted,
          debitAccountId: k.available,
          creditAccountId: k.owed,
          amountCents: 121,
          reason: TransferReason.Repay,
        }),
      ),
    ).toMatch(/ledger_accounts_balance_chk/);
    expect(
      await write({
        id: nextId('repay'),
        kind: TransferKind.Posted,
        debitAccountId: k.available,
        creditAccountId: k.owed,
        amountCents: 120,
        reason: TransferReason.Repay,
      }),
    ).toBe(true);
    expect(await balances(k)).toMatchObject({ availableCents: 380, owedCents: 0 });
  });

  it('pending money cannot be spent before it is posted', async () => {
    const k = await givenKeeper();
    await promise(k, 900);
    await expect(
      write({
        id: nextId('withdraw'),
        kind: TransferKind.Posted,
        debitAccountId: k.available,
        creditAccountId: k.withdrawing,
        amountCents: 1,
        reason: TransferReason.Withdraw,
      }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await balances(k)).toMatchObject({ availableCents: 0, pendingCents: 900 });
  });
});

describe('history', () => {
  it('is immutable: updating or deleting a transfer is refused', async () => {
    const k = await givenKeeper();
    const id = nextId('history');
    await credit(k, 250, id);
    expect(
      await refusal(
        db.update(ledgerTransfers).set({ amountCents: 1 }).where(eq(ledgerTransfers.id, id)),
      ),
    ).toBe('ledger transfers are immutable');
    expect(
      await refusal(
        db
          .update(ledgerTransfers)
          .set({ reason: TransferReason.Repay })
          .where(eq(ledgerTransfers.id, id)),
      ),
    ).toBe('ledger transfers are immutable');
    expect(await refusal(db.delete(ledgerTransfers).where(eq(ledgerTransfers.id, id)))).toBe(
      'ledger transfers are immutable',
    );
    // Nor inside a transaction that tries to cover it up.
    expect(
      await refusal(
        db.transaction(async (tx) => {
          await tx.delete(ledgerTransfers).where(eq(ledgerTransfers.id, id));
        }),
      ),
    ).toBe('ledger transfers are immutable');
    const [row] = await transfersOf([id]);
    expect(row).toMatchObject({ amountCents: 250, reason: TransferReason.Settle });
  });

  it('refuses a transfer of an account to itself at the database', async () => {
    const k = await givenKeeper();
    const self = nextId('self');
    expect(
      await refusal(
        write({
          id: self,
          kind: TransferKind.Posted,
          debitAccountId: k.commission,
          creditAccountId: k.commission,
          amountCents: 10,
          reason: TransferReason.Settle,
        }),
      ),
    ).toMatch(/ledger_transfers_accounts_chk/);
    expect(await transfersOf([self])).toEqual([]);
  });
});

describe('the audit', () => {
  it('finds a balance that differs from its transfers, and sums that are not zero', async () => {
    const k = await givenKeeper();
    await credit(k, 100);
    expect(await auditLedger(db)).toEqual([]);
    await db
      .update(ledgerAccounts)
      .set({ postedCents: sql`${ledgerAccounts.postedCents} + 5` })
      .where(eq(ledgerAccounts.id, k.available));
    try {
      expect(await auditLedger(db)).toEqual([
        'posted balances sum to 5',
        `account ${k.available} differs from its transfers`,
      ]);
    } finally {
      await db
        .update(ledgerAccounts)
        .set({ postedCents: sql`${ledgerAccounts.postedCents} - 5` })
        .where(eq(ledgerAccounts.id, k.available));
    }
  });
});
