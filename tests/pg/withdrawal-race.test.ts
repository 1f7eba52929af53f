/**
 * Shop keepers' money under load on a real PostgreSQL server (issue #14, "Must show"): every call
 * runs its own transaction on the pool, all at once. Twenty withdrawals of 60% of a balance make
 * one; ten approvals of one withdrawal make one payout (one bill at the provider, one transfer);
 * approvals racing rejections make one decision; a refund racing the settlement of its line
 * leaves either a void or a clawback, never both and never neither; a refund of a line whose
 * commission is pending voids exactly that line's share; one after settlement claws it back,
 * owing what the balance cannot cover, repaid by the next settlement. The ledger sums to zero
 * with no negative balance after every scenario.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import {
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
import {
  adjustCommissionForRefund,
  promiseCommission,
  settleDueCommission,
} from '#lib/commission/commission.server.ts';
import { applyWithdrawal, payOut, reviewWithdrawal } from '#lib/distribution/withdrawals.server.ts';
import { sandboxPayouts } from '#lib/distribution/payouts.server.ts';
import { saveVerifiedCard } from '#lib/distribution/cards.server.ts';
import { Errors } from '#lib/errors.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/status.ts';
import { RefundState } from '#lib/payments/status.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { givenMember, givenOrder, givenProduct, givenSale, givenShop } from '../fixtures/given.ts';
import { givenCertifiedKeeper } from '../fixtures/certified.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
  db = database.db;
});
afterAll(() => database.close());

const DAY = 86_400_000;
let serial = 0;
const key = () => `race-key-${Date.now()}-${(serial += 1)}`;

/** A shop with its owner, a keeper with a bound card and `availableCents` settled commission. */
async function givenKeeper(availableCents: number) {
  const shop = await givenShop(db);
  const keeper = await givenMember(db, shop.shopId, { role: 3 });
  // Certified as a person, the payout agreements signed (issue #30).
  await givenCertifiedKeeper(db, shop.shopId, keeper.id, { name: '欧阳娜娜' });
  const card = await saveVerifiedCard(db, {
    userId: keeper.id,
    digits: '6212261202011584340',
    bankCode: 'ICBC',
  });
  await db.transaction(async (tx) => {
    const commission = await shopAccount(tx, shop.shopId, ShopAccount.Commission);
    const available = await keeperAccount(tx, shop.shopId, keeper.id, KeeperAccount.Available);
    const id = `test:grant:${keeper.id}`;
    await transfer(tx, {
      id,
      kind: TransferKind.Pending,
      debitAccountId: commission,
      creditAccountId: available,
      amountCents: availableCents,
      reason: TransferReason.Commission,
      now: new Date(),
    });
    await resolvePending(tx, {
      id: `settle:${id}`,
      pendingId: id,
      kind: TransferKind.Post,
      reason: TransferReason.Settle,
      now: new Date(),
    });
  });
  return { shop, keeper, card };
}

async function sound(): Promise<void> {
  expect(await auditLedger(db)).toEqual([]);
}

const codeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' ? (result.reason as { code?: number }).code : 0;

describe('withdrawals', () => {
  it('twenty withdrawals of 60% of the balance at once make exactly one', async () => {
    const { shop, keeper, card } = await givenKeeper(10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        applyWithdrawal(db, {
          shopId: shop.shopId,
          userId: keeper.id,
          amountCents: 6_000,
          bankCardId: card.id,
          idempotencyKey: key(),
        }),
      ),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === Errors.WITHDRAW_TOO_MUCH.code)).toHaveLength(19);
    expect(await keeperBalances(db, shop.shopId, keeper.id)).toMatchObject({
      availableCents: 4_000,
      withdrawingCents: 6_000,
    });
    const rows = await db.select().from(t.withdrawals).where(eq(t.withdrawals.userId, keeper.id));
    expect(rows).toHaveLength(1);
    await sound();
  });

  it('twenty withdrawals of ¥10,000 at once stay within a person’s ¥98,000 a month: nine are made', async () => {
    const { shop, keeper, card } = await givenKeeper(20_000_000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        applyWithdrawal(db, {
          shopId: shop.shopId,
          userId: keeper.id,
          amountCents: 1_000_000,
          bankCardId: card.id,
          idempotencyKey: key(),
        }),
      ),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 0)).toHaveLength(9);
    expect(codes.filter((c) => c === Errors.PAYOUT_MONTH_QUOTA.code)).toHaveLength(11);
    expect(await keeperBalances(db, shop.shopId, keeper.id)).toMatchObject({
      availableCents: 11_000_000,
      withdrawingCents: 9_000_000,
    });
    // Each made withdrawal has its tax recorded once, by the cumulative method in order.
    const taxes = await db
      .select({ income: t.payoutTaxes.incomeCents, tax: t.payoutTaxes.taxCents })
      .from(t.payoutTaxes)
      .where(eq(t.payoutTaxes.userId, keeper.id))
      .orderBy(t.payoutTaxes.id);
    expect(taxes).toHaveLength(9);
    const rows = await db
      .select({ tax: t.withdrawals.taxCents })
      .from(t.withdrawals)
      .where(eq(t.withdrawals.userId, keeper.id));
    // ¥90,000 this month: ¥18,000 expenses, ¥5,000 deducted, ¥67,000 at 10 % less ¥2,520 = ¥4,180.
    expect(taxes.reduce((sum, r) => sum + r.tax, 0)).toBe(418_000);
    expect(rows.reduce((sum, r) => sum + r.tax, 0)).toBe(418_000);
    await sound();
  });

  it('one idempotency key tapped ten times at once is one withdrawal', async () => {
    const { shop, keeper, card } = await givenKeeper(10_000);
    const same = key();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        applyWithdrawal(db, {
          shopId: shop.shopId,
          userId: keeper.id,
          amountCents: 1_000,
          bankCardId: card.id,
          idempotencyKey: same,
        }),
      ),
    );
    expect(new Set(results.map((r) => r.withdrawalNo)).size).toBe(1);
    expect((await keeperBalances(db, shop.shopId, keeper.id)).availableCents).toBe(9_000);
    await sound();
  });

  it('ten approvals at once make one payout: one bill at the provider, one transfer', async () => {
    const { shop, keeper, card } = await givenKeeper(10_000);
    const { withdrawalNo } = await applyWithdrawal(db, {
      shopId: shop.shopId,
      userId: keeper.id,
      amountCents: 6_000,
      bankCardId: card.id,
      idempotencyKey: key(),
    });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        reviewWithdrawal(db, sandboxPayouts, {
          shopId: shop.shopId,
          reviewerId: shop.ownerId,
          withdrawalNo,
          approve: true,
        }),
      ),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === Errors.WITHDRAWAL_STATE_CHANGED.code)).toHaveLength(9);
    const [row] = await db
      .select()
      .from(t.withdrawals)
      .where(eq(t.withdrawals.withdrawalNo, withdrawalNo));
    expect(row!.status).toBe(30);
    // Retries of the payout after it was paid change nothing.
    await Promise.all(Array.from({ length: 5 }, () => payOut(db, sandboxPayouts, row!.id)));
    const bills = await db
      .select()
      .from(t.sandboxPayoutBills)
      .where(eq(t.sandboxPayoutBills.outBillNo, `PO${withdrawalNo}`));
    expect(bills).toHaveLength(1);
    expect(bills[0]!.amountCents).toBe(6_000);
    const payouts = await db
      .select()
      .from(t.ledgerTransfers)
      .where(eq(t.ledgerTransfers.id, transferId.payout(withdrawalNo)));
    expect(payouts).toHaveLength(1);
    expect(await keeperBalances(db, shop.shopId, keeper.id)).toMatchObject({
      availableCents: 4_000,
      withdrawingCents: 0,
    });
    await sound();
  });

  it('approvals racing rejections make one decision, and the money moves once', async () => {
    const { shop, keeper, card } = await givenKeeper(10_000);
    const { withdrawalNo } = await applyWithdrawal(db, {
      shopId: shop.shopId,
      userId: keeper.id,
      amountCents: 5_000,
      bankCardId: card.id,
      idempotencyKey: key(),
    });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        reviewWithdrawal(db, sandboxPayouts, {
          shopId: shop.shopId,
          reviewerId: shop.ownerId,
          withdrawalNo,
          approve: i % 2 === 0,
          reason: '信息有误',
        }),
      ),
    );
    expect(results.map(codeOf).filter((c) => c === 0)).toHaveLength(1);
    const [row] = await db
      .select()
      .from(t.withdrawals)
      .where(eq(t.withdrawals.withdrawalNo, withdrawalNo));
    const balances = await keeperBalances(db, shop.shopId, keeper.id);
    if (row!.status === 30) expect(balances.availableCents).toBe(5_000);
    else expect([row!.status, balances.availableCents]).toEqual([50, 10_000]);
    expect(balances.withdrawingCents).toBe(0);
    await sound();
  });

  it('a card the sandbox refuses fails the payout and gives the money back', async () => {
    const { shop, keeper } = await givenKeeper(10_000);
    const refused = await saveVerifiedCard(db, {
      userId: keeper.id,
      digits: '6228480000000000000',
      bankCode: 'ABC',
    });
    const { withdrawalNo } = await applyWithdrawal(db, {
      shopId: shop.shopId,
      userId: keeper.id,
      amountCents: 3_000,
      bankCardId: refused.id,
      idempotencyKey: key(),
    });
    const view = await reviewWithdrawal(db, sandboxPayouts, {
      shopId: shop.shopId,
      reviewerId: shop.ownerId,
      withdrawalNo,
      approve: true,
    });
    expect(view).toMatchObject({ status: 40, statusText: '打款失败' });
    expect(view.failReason).toBe('收款账户状态异常，请更换银行卡');
    expect((await keeperBalances(db, shop.shopId, keeper.id)).availableCents).toBe(10_000);
    await sound();
  });
});

/** A paid order of two attributed lines with pending commission (1,000 and 500 cents). */
async function givenAttributedOrder() {
  const shop = await givenShop(db);
  await givenProduct(db, await givenSale(db, shop.shopId), { priceCents: 10_000 });
  const keeper = await givenMember(db, shop.shopId, { role: 3 });
  await givenCertifiedKeeper(db, shop.shopId, keeper.id, { name: '欧阳娜娜' });
  const buyer = await givenMember(db, shop.shopId);
  const order = await givenOrder(db, {
    shopId: shop.shopId,
    userId: buyer.id,
    status: OrderStatus.Paid,
    distributorId: keeper.id,
    priceCents: 10_000,
    profitCents: 1_000,
  });
  const [first] = await db.select().from(t.orderLines).where(eq(t.orderLines.orderId, order.id));
  await db
    .update(t.orderLines)
    .set({ commissionRateBp: 1000 })
    .where(eq(t.orderLines.id, first!.id));
  const [second] = await db
    .insert(t.orderLines)
    .values({
      ...first!,
      id: undefined,
      commissionRateBp: 1000,
      unitPriceCents: 5_000,
      baseCents: 5_000,
      lineCents: 5_000,
      paidCents: 5_000,
      profitCents: 500,
    })
    .returning();
  await db.transaction((tx) => promiseCommission(tx, order.id, new Date()));
  const [payment] = await db
    .insert(t.payments)
    .values({
      paymentNo: `PR${order.orderNo}`,
      groupId: order.groupId,
      shopId: shop.shopId,
      userId: buyer.id,
      channel: 'h5',
      orderSet: String(order.id),
      amountCents: 15_000,
      status: 1,
      expiresAt: new Date(Date.now() + DAY),
    })
    .returning({ id: t.payments.id });
  return { shop, keeper, buyer, order, lines: [first!, second!], paymentId: payment!.id };
}

/** A line's approved refund of `amountCents`, as the after-sale approval saves it. */
async function refundLine(
  o: Awaited<ReturnType<typeof givenAttributedOrder>>,
  lineId: number,
  amountCents: number,
  no: string,
) {
  await db.transaction(async (tx) => {
    const [afterSale] = await tx
      .insert(t.afterSales)
      .values({
        afterSaleNo: `S${no}`,
        orderId: o.order.id,
        orderLineId: lineId,
        userId: o.buyer.id,
        shopId: o.shop.shopId,
        kind: 'refund',
        reason: '不想要了',
        amountCents,
        status: RefundStatus.Approved,
        auditChannel: 6,
      })
      .returning({ id: t.afterSales.id });
    await tx.insert(t.refunds).values({
      refundNo: `RA${no}`,
      paymentId: o.paymentId,
      orderId: o.order.id,
      afterSaleId: afterSale!.id,
      amountCents,
      cause: 'after_sale',
      status: RefundState.Succeeded,
    });
    await adjustCommissionForRefund(tx, {
      orderLineId: lineId,
      refundNo: `RA${no}`,
      now: new Date(),
    });
  });
}

async function complete(orderId: number, daysAgo: number) {
  await db
    .update(t.orders)
    .set({ status: OrderStatus.Completed, completedAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(t.orders.id, orderId));
}

describe('commission and refunds', () => {
  it('a refund while pending voids exactly that line’s share; a partial one keeps the rest promised', async () => {
    const o = await givenAttributedOrder();
    expect((await keeperBalances(db, o.shop.shopId, o.keeper.id)).pendingCents).toBe(1_500);
    await refundLine(o, o.lines[1]!.id, 5_000, `${o.order.orderNo}a`);
    expect((await keeperBalances(db, o.shop.shopId, o.keeper.id)).pendingCents).toBe(1_000);
    await refundLine(o, o.lines[0]!.id, 4_000, `${o.order.orderNo}b`);
    // 60.00 still paid for the first line: 10% is 6.00.
    expect((await keeperBalances(db, o.shop.shopId, o.keeper.id)).pendingCents).toBe(600);
    await complete(o.order.id, 8);
    expect(await settleDueCommission(db)).toBeGreaterThanOrEqual(1);
    expect(await keeperBalances(db, o.shop.shopId, o.keeper.id)).toMatchObject({
      availableCents: 600,
      pendingCents: 0,
    });
    await sound();
  });

  it('a refund after settlement claws back; what the balance cannot cover is owed and repaid by the next settlement', async () => {
    const o = await givenAttributedOrder();
    await complete(o.order.id, 8);
    await settleDueCommission(db);
    expect((await keeperBalances(db, o.shop.shopId, o.keeper.id)).availableCents).toBe(1_500);
    // The keeper withdraws 12.00 of it; then the first line is refunded whole.
    const card = await saveVerifiedCard(db, {
      userId: o.keeper.id,
      digits: '6212261202011584340',
      bankCode: 'ICBC',
    });
    await applyWithdrawal(db, {
      shopId: o.shop.shopId,
      userId: o.keeper.id,
      amountCents: 1_200,
      bankCardId: card.id,
      idempotencyKey: key(),
    });
    await refundLine(o, o.lines[0]!.id, 10_000, `${o.order.orderNo}c`);
    expect(await keeperBalances(db, o.shop.shopId, o.keeper.id)).toMatchObject({
      availableCents: 0,
      withdrawingCents: 1_200,
      owedCents: 700,
    });
    // The same refund told twice claws back once.
    await db.transaction((tx) =>
      adjustCommissionForRefund(tx, {
        orderLineId: o.lines[0]!.id,
        refundNo: `RA${o.order.orderNo}c`,
        now: new Date(),
      }),
    );
    expect((await keeperBalances(db, o.shop.shopId, o.keeper.id)).owedCents).toBe(700);
    await sound();

    // Another attributed order of the keeper settles: the debt is paid from it first.
    const next = await givenOrder(db, {
      shopId: o.shop.shopId,
      userId: o.buyer.id,
      status: OrderStatus.Paid,
      distributorId: o.keeper.id,
      priceCents: 20_000,
      profitCents: 2_000,
    });
    await db.transaction((tx) => promiseCommission(tx, next.id, new Date()));
    await complete(next.id, 8);
    await settleDueCommission(db);
    expect(await keeperBalances(db, o.shop.shopId, o.keeper.id)).toMatchObject({
      availableCents: 1_300,
      owedCents: 0,
    });
    await sound();
  });

  it('settlements racing a refund of the same line leave one outcome', async () => {
    const o = await givenAttributedOrder();
    await complete(o.order.id, 8);
    await Promise.all([
      settleDueCommission(db),
      settleDueCommission(db),
      refundLine(o, o.lines[1]!.id, 5_000, `${o.order.orderNo}d`),
      settleDueCommission(db),
    ]);
    await settleDueCommission(db);
    // Whichever came first, the refunded line earns nothing and the other line all of its 10.00.
    const balances = await keeperBalances(db, o.shop.shopId, o.keeper.id);
    expect(balances.availableCents + balances.pendingCents - balances.owedCents).toBe(1_000);
    expect(balances.pendingCents).toBe(0);
    const lineTransfers = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.ledgerTransfers)
      .where(
        and(
          eq(t.ledgerTransfers.orderLineId, o.lines[1]!.id),
          sql`${t.ledgerTransfers.reason} in ('refund_void', 'clawback')`,
        ),
      );
    expect(lineTransfers[0]!.n).toBe(1);
    await sound();
  });
});
