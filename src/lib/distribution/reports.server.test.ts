/**
 * 我的收益, 收益明细, 历史收益 and the monthly bills on an empty migrated database (PGlite): the
 * commission of a keeper's lines promised, settled, partly and wholly refunded before and after
 * settlement, and a withdrawal, written through the ledger; the sums agree with the balances and
 * another keeper's commission never shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenMember, givenProduct, givenSale, givenShop } from '#tests/fixtures/given.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { auditLedger, keeperBalances } from '../commission/ledger.server.ts';
import { transferId } from '../commission/ledger.ts';
import {
  listIncomeLines,
  listSettlements,
  readHistoryIncome,
  readIncome,
  readMonthlyBill,
  recentBills,
} from './reports.server.ts';
import { givenSold, ledgerOf } from '#tests/fixtures/ledger.ts';

/** 14:00 in the shop, 23 November 2026. */
const NOW = new Date('2026-11-23T06:00:00Z');
const china = (local: string) => new Date(`${local}+08:00`);

let database: Database;
let shopId: string;
let keeperId: number;
let lines: Record<'a' | 'b' | 'c' | 'd' | 'e', number>;

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  const db = database.db;
  const shop = await givenShop(db);
  shopId = shop.shopId;
  const sale = await givenSale(db, shopId);
  await givenProduct(db, sale);
  const keeper = await givenMember(db, shopId, { role: 3 });
  const other = await givenMember(db, shopId, { role: 3 });
  const buyer = await givenMember(db, shopId);
  keeperId = keeper.id;
  const sold = (profitCents: number, at: Date, productName: string) =>
    givenSold(db, {
      shopId,
      keeperId,
      buyerId: buyer.id,
      priceCents: profitCents * 10,
      profitCents,
      at,
      productName,
    });
  const ledger = await ledgerOf(db, shopId, keeperId);
  const a = await sold(1000, china('2026-10-05T10:00:00'), '商品A');
  const d = await sold(200, china('2026-10-01T10:00:00'), '商品D');
  const e = await sold(400, china('2026-11-01T10:00:00'), '商品E');
  const b = await sold(500, china('2026-11-02T10:00:00'), '商品B');
  const c = await sold(800, china('2026-11-23T13:00:00'), '商品C');
  lines = { a: a.lineId, b: b.lineId, c: c.lineId, d: d.lineId, e: e.lineId };

  await ledger.promise(d.lineId, 200, china('2026-10-01T10:00:00'));
  await ledger.promise(a.lineId, 1000, china('2026-10-05T10:00:00'));
  await ledger.settle(transferId.commission(d.lineId), china('2026-10-15T03:00:00'));
  await ledger.settle(transferId.commission(a.lineId), china('2026-10-20T03:00:00'));
  await ledger.withdrawAndPay('WD20261025000001', 500, china('2026-10-25T09:00:00'));
  // E wholly refunded before settlement: voided, nothing promised again.
  await ledger.promise(e.lineId, 400, china('2026-11-01T10:00:00'));
  await ledger.refundPending(
    e.lineId,
    transferId.commission(e.lineId),
    0,
    'RF1',
    china('2026-11-01T12:00:00'),
  );
  // B partly refunded before settlement: 300 of 500 still promised.
  await ledger.promise(b.lineId, 500, china('2026-11-02T10:00:00'));
  await ledger.refundPending(
    b.lineId,
    transferId.commission(b.lineId),
    300,
    'RF2',
    china('2026-11-03T10:00:00'),
  );
  // D refunded after settlement: clawed back.
  await ledger.clawback(d.lineId, 200, 'RF3', china('2026-11-10T10:00:00'));
  await ledger.promise(c.lineId, 800, china('2026-11-23T13:00:00'));

  // Another keeper's commission in the same shop, today.
  const theirs = await givenSold(db, {
    shopId,
    keeperId: other.id,
    buyerId: buyer.id,
    priceCents: 9990,
    profitCents: 999,
    at: china('2026-11-23T09:00:00'),
  });
  await (
    await ledgerOf(db, shopId, other.id)
  ).promise(theirs.lineId, 999, china('2026-11-23T09:00:00'));
});

afterAll(async () => {
  await database?.close();
});

describe('我的收益', () => {
  it('sums today, this month and in all, pending and settled, as the balances say', async () => {
    const income = await readIncome(database.db, { shopId, userId: keeperId, now: NOW });
    expect(income).toMatchObject({
      todayCents: 800,
      // Earned 1700 in November, refunds took 200 (B), 400 (E) and 200 (D, clawed back).
      monthCents: 900,
      totalCents: 2100,
      pendingCents: 1100,
      settledCents: 1000,
    });
    const balances = await keeperBalances(database.db, shopId, keeperId);
    expect(income.balances).toEqual(balances);
    // owedCents + 0: the ledger answers -0 for an owed account never touched.
    expect({ ...balances, owedCents: balances.owedCents + 0 }).toEqual({
      availableCents: 500,
      pendingCents: 1100,
      withdrawingCents: 0,
      owedCents: 0,
    });
    expect(income.pendingCents + income.settledCents).toBe(income.totalCents);
    expect(await auditLedger(database.db)).toEqual([]);
  });

  it('is all zero for a keeper without commission', async () => {
    const keeper = await givenMember(database.db, shopId, { role: 3 });
    const income = await readIncome(database.db, { shopId, userId: keeper.id, now: NOW });
    expect(income).toMatchObject({
      todayCents: 0,
      monthCents: 0,
      totalCents: 0,
      pendingCents: 0,
      settledCents: 0,
    });
    expect(
      await listIncomeLines(database.db, { shopId, userId: keeper.id, pageNum: 1, pageSize: 10 }),
    ).toMatchObject({ list: [], total: 0 });
  });
});

describe('收益明细', () => {
  it('lists each line with its commission as it stands, newest first', async () => {
    const page = await listIncomeLines(database.db, {
      shopId,
      userId: keeperId,
      pageNum: 1,
      pageSize: 10,
    });
    expect(page.total).toBe(5);
    expect(page.list.map((l) => [l.productName, l.stateText, l.commissionCents])).toEqual([
      ['商品C', '待结算', 800],
      ['商品B', '待结算', 300],
      ['商品E', '已失效', 400],
      ['商品A', '已结算', 1000],
      ['商品D', '已失效', 200],
    ]);
    expect(page.list[0]).toMatchObject({ orderLineId: lines.c, paidCents: 8000, quantity: 1 });
  });

  it('filters by state and pages', async () => {
    const scope = { shopId, userId: keeperId };
    const pending = await listIncomeLines(database.db, {
      ...scope,
      state: 'pending',
      pageNum: 1,
      pageSize: 1,
    });
    expect(pending.total).toBe(2);
    expect(pending.list.map((l) => l.orderLineId)).toEqual([lines.c]);
    const second = await listIncomeLines(database.db, {
      ...scope,
      state: 'pending',
      pageNum: 2,
      pageSize: 1,
    });
    expect(second.list.map((l) => l.orderLineId)).toEqual([lines.b]);
    const settled = await listIncomeLines(database.db, {
      ...scope,
      state: 'settled',
      pageNum: 1,
      pageSize: 10,
    });
    expect(settled.list.map((l) => l.orderLineId)).toEqual([lines.a]);
    const lapsed = await listIncomeLines(database.db, {
      ...scope,
      state: 'void',
      pageNum: 1,
      pageSize: 10,
    });
    expect(lapsed.list.map((l) => l.orderLineId)).toEqual([lines.e, lines.d]);
  });
});

describe('历史收益', () => {
  it('gives the year month by month up to this month', async () => {
    const history = await readHistoryIncome(database.db, {
      shopId,
      userId: keeperId,
      year: 2026,
      now: NOW,
    });
    expect(history.months).toHaveLength(11);
    expect(history.months[0]).toEqual({ month: '2026-11', incomeCents: 900, settledCents: -200 });
    expect(history.months[1]).toEqual({ month: '2026-10', incomeCents: 1200, settledCents: 1200 });
    expect(history.months[2]).toEqual({ month: '2026-09', incomeCents: 0, settledCents: 0 });
    expect(history).toMatchObject({ year: 2026, incomeCents: 2100, settledCents: 1000 });
    const before = await readHistoryIncome(database.db, {
      shopId,
      userId: keeperId,
      year: 2025,
      now: NOW,
    });
    expect(before.months).toHaveLength(12);
    expect(before.incomeCents).toBe(0);
  });
});

describe('月度账单 and 结算账单', () => {
  it('gives a month’s figures and 可提现 at its start and end', async () => {
    const scope = { shopId, userId: keeperId };
    expect(await readMonthlyBill(database.db, { ...scope, month: '2026-10' })).toEqual({
      month: '2026-10',
      earnedCents: 1200,
      refundedCents: 0,
      settledCents: 1200,
      clawedCents: 0,
      withdrawnCents: 500,
      incomeCents: 1200,
      openingCents: 0,
      closingCents: 700,
    });
    expect(await readMonthlyBill(database.db, { ...scope, month: '2026-11' })).toEqual({
      month: '2026-11',
      earnedCents: 1700,
      refundedCents: 800,
      settledCents: 0,
      clawedCents: 200,
      withdrawnCents: 0,
      incomeCents: 900,
      openingCents: 700,
      closingCents: 500,
    });
  });

  it('lists a month’s settlements and claw-backs', async () => {
    const scope = { shopId, userId: keeperId, pageNum: 1, pageSize: 10 };
    const october = await listSettlements(database.db, { ...scope, month: '2026-10' });
    expect(october.list.map((r) => [r.text, r.productName, r.amountCents])).toEqual([
      ['佣金结算', '商品A', 1000],
      ['佣金结算', '商品D', 200],
    ]);
    const november = await listSettlements(database.db, { ...scope, month: '2026-11' });
    expect(november.list.map((r) => [r.text, r.productName, r.amountCents])).toEqual([
      ['退款扣回佣金', '商品D', -200],
    ]);
  });

  it('lists the recent months for 账单查询', async () => {
    const bills = await recentBills(database.db, {
      shopId,
      userId: keeperId,
      now: NOW,
      count: 3,
    });
    expect(bills).toEqual([
      { month: '2026-11', incomeCents: 900, settledCents: -200, withdrawnCents: 0 },
      { month: '2026-10', incomeCents: 1200, settledCents: 1200, withdrawnCents: 500 },
      { month: '2026-09', incomeCents: 0, settledCents: 0, withdrawnCents: 0 },
    ]);
  });
});
