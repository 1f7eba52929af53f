/**
 * The distributor ledger under load on a real PostgreSQL server (decision 022): every call runs
 * its own transaction on the pool, all at once. A balance is spent once (20 withdrawals of 60% of
 * it: one goes through), a retried transfer is written once, a pending transfer is resolved once
 * (10 settlements of it, or settlements and voids racing), four settlement rounds running
 * together settle each line once and repay what is owed once, and a clawback racing a
 * withdrawal takes what is left and records the rest as owed; ten keepers' links binding one
 * shopper at once leave one binding. The audit finds the ledger sound after each test.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  afterSales,
  attributions,
  ledgerTransfers,
  orderLines,
  orders,
  payments,
  refunds,
} from '#lib/platform/db/schema.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/status.ts';
import { PaymentStatus, RefundState } from '#lib/payments/status.ts';
import { attributeOrder, bindShopper } from '#lib/attribution/attribution.server.ts';
import {
  adjustCommissionForRefund,
  promiseCommission,
  settleDueCommission,
} from '#lib/commission/commission.server.ts';
import {
  InsufficientFunds,
  auditLedger,
  keeperAccount,
  keeperBalances,
  resolvePending,
  shopAccount,
  transfer,
} from '#lib/commission/ledger.server.ts';
import {
  KeeperAccount,
  ShopAccount,
  TransferKind,
  TransferReason,
  transferId,
} from '#lib/commission/ledger.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { givenMember, givenOrder, givenProduct, givenSale, givenShop } from '../fixtures/given.ts';

const NOW = new Date('2026-11-21T04:00:00Z');
const DAY = 86_400_000;

let database: Database;
let db: Db;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL }, { seed: false });
  db = database.db;
});
afterAll(() => database.close());
afterEach(async () => {
  expect(await auditLedger(db)).toEqual([]);
});

let serial = 0;
const nextId = (what: string) => `race:${what}:${(serial += 1)}`;

/** A shop, a shop keeper of it, and the accounts money moves between. */
async function givenKeeper() {
  const shop = await givenShop(db);
  const keeper = await givenMember(db, shop.shopId, { role: 3 });
  const { shopId } = shop;
  return {
    shopId,
    keeperId: keeper.id,
    commission: await shopAccount(db, shopId, ShopAccount.Commission),
    available: await keeperAccount(db, shopId, keeper.id, KeeperAccount.Available),
    withdrawing: await keeperAccount(db, shopId, keeper.id, KeeperAccount.Withdrawing),
    owed: await keeperAccount(db, shopId, keeper.id, KeeperAccount.Owed),
  };
}
type Keeper = Awaited<ReturnType<typeof givenKeeper>>;

/** Settled commission straight into the keeper's available balance. */
const credit = (k: Keeper, amountCents: number) =>
  db.transaction((tx) =>
    transfer(tx, {
      id: nextId('credit'),
      kind: TransferKind.Posted,
      debitAccountId: k.commission,
      creditAccountId: k.available,
      amountCents,
      reason: TransferReason.Settle,
      now: NOW,
    }),
  );

const withdrawal = (k: Keeper, id: string, amountCents: number) => ({
  id,
  kind: TransferKind.Posted,
  debitAccountId: k.available,
  creditAccountId: k.withdrawing,
  amountCents,
  reason: TransferReason.Withdraw,
  now: NOW,
});

const balances = (k: Keeper) => keeperBalances(db, k.shopId, k.keeperId);
const countOf = async (where: ReturnType<typeof sql>) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerTransfers)
    .where(where);
  return row!.n;
};

const outcomes = <T>(results: PromiseSettledResult<T>[]) => ({
  values: results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
  errors: results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : [])),
});

it('20 withdrawals of 60% of a balance at once: one goes through, 19 find too little', async () => {
  const k = await givenKeeper();
  await credit(k, 10_000);
  const ids = Array.from({ length: 20 }, () => nextId('withdraw'));
  const { values, errors } = outcomes(
    await Promise.allSettled(
      ids.map((id) => db.transaction((tx) => transfer(tx, withdrawal(k, id, 6_000)))),
    ),
  );
  expect(values).toEqual([true]);
  expect(errors).toHaveLength(19);
  for (const error of errors) expect(error).toBeInstanceOf(InsufficientFunds);
  expect(await balances(k)).toEqual({
    availableCents: 4_000,
    pendingCents: 0,
    withdrawingCents: 6_000,
    owedCents: 0,
  });
  expect(await countOf(sql`${ledgerTransfers.debitAccountId} = ${k.available}`)).toBe(1);
});

it('one withdrawal retried 20 times at once is written once', async () => {
  const k = await givenKeeper();
  await credit(k, 10_000);
  const id = nextId('withdraw');
  const { values, errors } = outcomes(
    await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        db.transaction((tx) => transfer(tx, withdrawal(k, id, 6_000))),
      ),
    ),
  );
  expect(errors).toEqual([]);
  expect(values.filter(Boolean)).toHaveLength(1);
  expect(await balances(k)).toMatchObject({ availableCents: 4_000, withdrawingCents: 6_000 });
});

it('10 settlements of one pending transfer at once: it is posted once', async () => {
  const k = await givenKeeper();
  const pendingId = nextId('commission');
  await db.transaction((tx) =>
    transfer(tx, {
      id: pendingId,
      kind: TransferKind.Pending,
      debitAccountId: k.commission,
      creditAccountId: k.available,
      amountCents: 777,
      reason: TransferReason.Commission,
      now: NOW,
    }),
  );
  const { values, errors } = outcomes(
    await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        db.transaction((tx) =>
          resolvePending(tx, {
            id: transferId.settle(pendingId),
            pendingId,
            kind: TransferKind.Post,
            reason: TransferReason.Settle,
            now: NOW,
          }),
        ),
      ),
    ),
  );
  expect(errors).toEqual([]);
  expect(values.filter(Boolean)).toHaveLength(1);
  expect(await balances(k)).toMatchObject({ availableCents: 777, pendingCents: 0 });
  expect(await countOf(sql`${ledgerTransfers.pendingId} = ${pendingId}`)).toBe(1);
});

it('settlements and voids of one pending transfer racing: exactly one resolves it', async () => {
  const k = await givenKeeper();
  const pendingId = nextId('commission');
  await db.transaction((tx) =>
    transfer(tx, {
      id: pendingId,
      kind: TransferKind.Pending,
      debitAccountId: k.commission,
      creditAccountId: k.available,
      amountCents: 500,
      reason: TransferReason.Commission,
      now: NOW,
    }),
  );
  const kinds = Array.from({ length: 10 }, (_, i) =>
    i % 2 === 0 ? TransferKind.Post : TransferKind.Void,
  );
  const { values, errors } = outcomes(
    await Promise.allSettled(
      kinds.map((kind, i) =>
        db.transaction((tx) =>
          resolvePending(tx, {
            id: `${kind}:${i}:${pendingId}`,
            pendingId,
            kind,
            reason: kind === TransferKind.Post ? TransferReason.Settle : TransferReason.RefundVoid,
            now: NOW,
          }),
        ),
      ),
    ),
  );
  expect(errors).toEqual([]);
  expect(values.filter(Boolean)).toHaveLength(1);
  const [resolution] = await db
    .select({ kind: ledgerTransfers.kind })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.pendingId, pendingId));
  const b = await balances(k);
  expect(b.pendingCents).toBe(0);
  expect(b.availableCents).toBe(resolution!.kind === TransferKind.Post ? 500 : 0);
});

/** A completed order from the keeper's link with one line of `profitCents` commission, paid and promised. */
async function completedOrder(
  k: Keeper,
  shopper: { id: number },
  profitCents: number,
  completedAt: Date,
) {
  const order = await givenOrder(db, {
    shopId: k.shopId,
    userId: shopper.id,
    status: OrderStatus.Completed,
    priceCents: profitCents * 10,
    distributorId: k.keeperId,
    profitCents,
  });
  await db.update(orders).set({ completedAt }).where(eq(orders.id, order.id));
  await db.transaction((tx) => promiseCommission(tx, order.id, completedAt));
  const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  return { ...order, lineId: line!.id };
}

async function givenShopSelling(k: Keeper) {
  await givenProduct(db, await givenSale(db, k.shopId, { now: NOW }));
  return givenMember(db, k.shopId);
}

it('four settlement rounds at once settle each line once, and repay what is owed once', async () => {
  const k = await givenKeeper();
  const other = await givenKeeper();
  const shopper = await givenShopSelling(k);
  const otherShopper = await givenShopSelling(other);
  // The keeper owes ¥3.00 clawed back earlier.
  await db.transaction((tx) =>
    transfer(tx, {
      id: nextId('owed'),
      kind: TransferKind.Posted,
      debitAccountId: k.owed,
      creditAccountId: k.commission,
      amountCents: 300,
      reason: TransferReason.ClawbackOwed,
      now: NOW,
    }),
  );
  const lines = [];
  for (let i = 0; i < 12; i += 1) {
    lines.push(await completedOrder(k, shopper, 100 + i, NOW));
    lines.push(await completedOrder(other, otherShopper, 200 + i, NOW));
  }
  const promised = lines.length;
  expect((await balances(k)).pendingCents).toBe(
    Array.from({ length: 12 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0),
  );

  const settleAt = new Date(NOW.getTime() + 8 * DAY);
  const { values, errors } = outcomes(
    await Promise.allSettled(Array.from({ length: 4 }, () => settleDueCommission(db, settleAt))),
  );
  expect(errors).toEqual([]);
  expect(values.reduce((a, b) => a + b, 0)).toBe(promised);
  for (const { lineId } of lines) {
    expect(
      await countOf(
        sql`${ledgerTransfers.orderLineId} = ${lineId} and ${ledgerTransfers.kind} = 'post'`,
      ),
    ).toBe(1);
  }
  const earned = Array.from({ length: 12 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
  expect(await balances(k)).toEqual({
    availableCents: earned - 300,
    pendingCents: 0,
    withdrawingCents: 0,
    owedCents: 0,
  });
  const [repaid] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerTransfers.amountCents}), 0)` })
    .from(ledgerTransfers)
    .where(
      sql`${ledgerTransfers.reason} = ${TransferReason.Repay} and ${ledgerTransfers.creditAccountId} = ${k.owed}`,
    );
  expect(Number(repaid!.cents)).toBe(300);
  expect((await balances(other)).availableCents).toBe(
    Array.from({ length: 12 }, (_, i) => 200 + i).reduce((a, b) => a + b, 0),
  );
  // Another round finds nothing left.
  expect(await settleDueCommission(db, settleAt)).toBe(0);
});

it('a clawback racing a withdrawal takes what is left and records the rest as owed', async () => {
  const k = await givenKeeper();
  const shopper = await givenShopSelling(k);
  const sold = await completedOrder(k, shopper, 499, NOW);
  expect(await settleDueCommission(db, new Date(NOW.getTime() + 8 * DAY))).toBeGreaterThanOrEqual(
    1,
  );
  await credit(k, 501);
  expect((await balances(k)).availableCents).toBe(1_000);
  // The line was returned and refunded whole after settlement: the rows the after-sale
  // commands write (its payment, the approved after-sale, the refund naming it).
  const refundNo = nextId('RA');
  const [order] = await db.select().from(orders).where(eq(orders.id, sold.id));
  const [payment] = await db
    .insert(payments)
    .values({
      paymentNo: `PAY${refundNo}`,
      groupId: order!.groupId,
      shopId: k.shopId,
      userId: order!.userId,
      channel: 'native',
      orderSet: String(sold.id),
      amountCents: order!.payCents,
      status: PaymentStatus.Paid,
      expiresAt: NOW,
      paidAt: NOW,
    })
    .returning({ id: payments.id });
  const [afterSale] = await db
    .insert(afterSales)
    .values({
      afterSaleNo: `AS${refundNo}`,
      orderId: sold.id,
      orderLineId: sold.lineId,
      userId: order!.userId,
      shopId: k.shopId,
      kind: 'return',
      reason: '质量问题',
      amountCents: order!.payCents,
      status: RefundStatus.Approved,
      auditChannel: 6,
    })
    .returning({ id: afterSales.id });
  await db.insert(refunds).values({
    refundNo,
    paymentId: payment!.id,
    orderId: sold.id,
    afterSaleId: afterSale!.id,
    amountCents: order!.payCents,
    cause: 'after_sale',
    status: RefundState.Requested,
  });

  // A withdrawal of the whole balance holds the account, and commits once the clawback read it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const withdrawn = db.transaction(async (tx) => {
    await transfer(tx, withdrawal(k, nextId('withdraw'), 1_000));
    await held;
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const clawback = db.transaction((tx) =>
    adjustCommissionForRefund(tx, {
      orderLineId: sold.lineId,
      refundNo,
      now: new Date(NOW.getTime() + 9 * DAY),
    }),
  );
  let clawedBack = false;
  void clawback.then(() => (clawedBack = true)).catch(() => {});
  await new Promise((resolve) => setTimeout(resolve, 300));
  // The clawback waits for the withdrawal instead of reading the balance it is spending.
  expect(clawedBack).toBe(false);
  release();
  await withdrawn;
  await clawback;
  expect(await balances(k)).toEqual({
    availableCents: 0,
    pendingCents: 0,
    withdrawingCents: 1_000,
    owedCents: 499,
  });
});

it('ten keepers’ links binding one shopper at once: the first touch holds', async () => {
  const shop = await givenShop(db);
  const keepers = await Promise.all(
    Array.from({ length: 10 }, () => givenMember(db, shop.shopId, { role: 3 })),
  );
  const shopper = await givenMember(db, shop.shopId);
  const { values, errors } = outcomes(
    await Promise.allSettled(
      keepers.map((keeper) =>
        bindShopper(db, {
          shopId: shop.shopId,
          userId: shopper.id,
          distributorId: keeper.id,
          now: NOW,
        }),
      ),
    ),
  );
  expect(errors).toEqual([]);
  const [bound] = await db
    .select({ distributorId: attributions.distributorId })
    .from(attributions)
    .where(eq(attributions.userId, shopper.id));
  expect(keepers.map((k) => k.id)).toContain(bound!.distributorId);
  expect(new Set(values)).toEqual(new Set([bound!.distributorId]));
  // The order is attributed to that keeper, whichever link it is placed from.
  expect(
    await attributeOrder(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      linkDistributorId: keepers.find((k) => k.id !== bound!.distributorId)!.id,
      now: new Date(NOW.getTime() + DAY),
    }),
  ).toBe(bound!.distributorId);
});
