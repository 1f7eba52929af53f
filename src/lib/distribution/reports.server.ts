/**
 * The shop keeper's income, read from the ledger (decision 022): 我的收益, 收益明细, 历史收益,
 * 月度账单 and 结算账单. Every read starts from the caller's own accounts in the shop (never an id
 * from the request) and only reads: a keeper without accounts yet simply has no income.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { ledgerAccounts, ledgerTransfers, orderLines, orders } from '#lib/platform/db/schema.ts';
import { keeperBalances, type KeeperBalances } from '#lib/commission/index.server.ts';
import {
  KeeperAccount,
  MOVEMENT_TEXT,
  TransferKind,
  TransferReason,
} from '#lib/commission/index.ts';
import {
  dayStart,
  foldIncome,
  INCOME_STATE_TEXT,
  type IncomeFigures,
  IncomeState,
  lineState,
  monthRange,
  monthsBack,
  netIncome,
  netSettled,
  NO_INCOME,
  shopMonth,
  type TransferSum,
  yearRange,
} from './reports.ts';
import { shopDay, SHOP_TIME_ZONE } from '#lib/platform/time.ts';

export interface KeeperScope {
  shopId: string;
  userId: number;
}

/** The keeper's account ids in the shop, by kind (none until their first commission). */
export async function keeperAccountIds(
  db: DbOrTx,
  scope: KeeperScope,
): Promise<{ all: number[]; available: number | null }> {
  const rows = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.shopId, scope.shopId),
        eq(ledgerAccounts.userId, scope.userId),
        inArray(ledgerAccounts.kind, Object.values(KeeperAccount)),
      ),
    );
  return {
    all: rows.map((r) => r.id),
    available: rows.find((r) => r.kind === KeeperAccount.Available)?.id ?? null,
  };
}

const touches = (ids: number[]): SQL =>
  or(inArray(ledgerTransfers.creditAccountId, ids), inArray(ledgerTransfers.debitAccountId, ids))!;

/** The keeper's commission as it stands per transfer: promised, less voided and clawed back. */
export const commissionEffect = sql`case when ${ledgerTransfers.kind} = ${TransferKind.Pending} then ${ledgerTransfers.amountCents} when ${ledgerTransfers.kind} = ${TransferKind.Void} then -${ledgerTransfers.amountCents} when ${ledgerTransfers.reason} in (${TransferReason.Clawback}, ${TransferReason.ClawbackOwed}) then -${ledgerTransfers.amountCents} else 0 end`;

/** A line's first commission promise has the id transferId.commission(line) gives it. */
const isFirstPromise = sql<boolean>`${ledgerTransfers.id} = 'commission:line:' || ${ledgerTransfers.orderLineId}`;

const shopLocal = sql`(${ledgerTransfers.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})`;

type Bucket = 'day' | 'month' | 'none';
const bucketOf: Record<Bucket, SQL<string>> = {
  day: sql<string>`to_char(${shopLocal}, 'YYYY-MM-DD')`,
  month: sql<string>`to_char(${shopLocal}, 'YYYY-MM')`,
  none: sql<string>`''`,
};

/** The keeper's transfers in [from, to), summed per bucket into income figures. */
async function figuresBy(
  db: DbOrTx,
  ids: number[],
  bucket: Bucket,
  range: { from?: Date; to?: Date } = {},
): Promise<Map<string, IncomeFigures>> {
  if (ids.length === 0) return new Map();
  const key = bucketOf[bucket];
  const rows = await db
    .select({
      key,
      kind: ledgerTransfers.kind,
      reason: ledgerTransfers.reason,
      first: isFirstPromise,
      cents: sql<number>`sum(${ledgerTransfers.amountCents})`.mapWith(Number),
    })
    .from(ledgerTransfers)
    .where(
      and(
        touches(ids),
        range.from ? gte(ledgerTransfers.createdAt, range.from) : undefined,
        range.to ? lt(ledgerTransfers.createdAt, range.to) : undefined,
      ),
    )
    // By position: the bucket and the promise test are expressions.
    .groupBy(sql`1`, sql`2`, sql`3`, sql`4`);
  const grouped = new Map<string, TransferSum[]>();
  for (const row of rows) {
    const list = grouped.get(row.key) ?? [];
    list.push(row);
    grouped.set(row.key, list);
  }
  return new Map([...grouped].map(([k, sums]) => [k, foldIncome(sums)]));
}

/** 我的收益: today, this month and in all; what waits for settlement and what is settled. */
export interface IncomeSummary {
  todayCents: number;
  monthCents: number;
  totalCents: number;
  /** 待结算. */
  pendingCents: number;
  /** 已结算 (less what refunds clawed back). */
  settledCents: number;
  balances: KeeperBalances;
}

export async function readIncome(
  db: DbOrTx,
  scope: KeeperScope & { now: Date },
): Promise<IncomeSummary> {
  const { all } = await keeperAccountIds(db, scope);
  const month = shopMonth(scope.now);
  const [balances, total, days] = await Promise.all([
    keeperBalances(db, scope.shopId, scope.userId),
    figuresBy(db, all, 'none'),
    figuresBy(db, all, 'day', monthRange(month)),
  ]);
  const totals = total.get('') ?? NO_INCOME;
  const today = days.get(shopDay(scope.now)) ?? NO_INCOME;
  const monthCents = [...days.values()].reduce((sum, f) => sum + netIncome(f), 0);
  return {
    todayCents: netIncome(today),
    monthCents,
    totalCents: netIncome(totals),
    pendingCents: balances.pendingCents,
    settledCents: netSettled(totals),
    balances,
  };
}

/** One order line's commission (收益明细). */
export interface IncomeLine {
  orderLineId: number;
  orderNo: string;
  productName: string;
  skuDesc: string;
  imageUrl: string | null;
  quantity: number;
  /** What the shopper paid for the line. */
  paidCents: number;
  /** The commission as it stands: still promised plus settled and kept; the first promise when void. */
  commissionCents: number;
  state: IncomeState;
  stateText: string;
  /** When it was first promised (the order's payment). */
  at: string;
}

export interface IncomeLinePage {
  list: IncomeLine[];
  total: number;
  pageNum: number;
  pageSize: number;
}

const amount = ledgerTransfers.amountCents;
/** What is still promised of a line. */
const openCents = sql<number>`coalesce(sum(case ${ledgerTransfers.kind} when ${TransferKind.Pending} then ${amount} when ${TransferKind.Void} then -${amount} when ${TransferKind.Post} then -${amount} else 0 end), 0)`;
/** What was settled of a line and not clawed back. */
const keptCents = sql<number>`coalesce(sum(case when ${ledgerTransfers.kind} = ${TransferKind.Post} then ${amount} when ${ledgerTransfers.reason} in (${TransferReason.Clawback}, ${TransferReason.ClawbackOwed}) then -${amount} else 0 end), 0)`;
const firstCents = sql<number>`coalesce(max(case when ${isFirstPromise} then ${amount} end), 0)`;

const stateHaving: Record<IncomeState, SQL> = {
  pending: sql`${openCents} > 0`,
  settled: sql`${openCents} <= 0 and ${keptCents} > 0`,
  void: sql`${openCents} <= 0 and ${keptCents} <= 0`,
};

/** The commission per order line, newest first, optionally of one state. */
export async function listIncomeLines(
  db: DbOrTx,
  input: KeeperScope & { state?: IncomeState | undefined; pageNum: number; pageSize: number },
): Promise<IncomeLinePage> {
  const { pageNum, pageSize } = input;
  const { all } = await keeperAccountIds(db, input);
  if (all.length === 0) return { list: [], total: 0, pageNum, pageSize };
  const lines = db
    .select({
      orderLineId: orderLines.id,
      orderNo: orders.orderNo,
      productName: orderLines.productName,
      skuDesc: orderLines.skuDesc,
      imageUrl: orderLines.imageUrl,
      quantity: orderLines.quantity,
      paidCents: orderLines.paidCents,
      open: openCents.mapWith(Number).as('open'),
      kept: keptCents.mapWith(Number).as('kept'),
      first: firstCents.mapWith(Number).as('first'),
      at: sql<Date>`min(${ledgerTransfers.createdAt})`.as('at'),
    })
    .from(ledgerTransfers)
    .innerJoin(orderLines, eq(orderLines.id, ledgerTransfers.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(touches(all), isNotNull(ledgerTransfers.orderLineId)))
    .groupBy(orderLines.id, orders.id)
    .having(input.state ? stateHaving[input.state] : undefined)
    .as('lines');
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(lines)
      .orderBy(desc(lines.at), desc(lines.orderLineId))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(lines),
  ]);
  return {
    list: rows.map((r): IncomeLine => {
      const open = Number(r.open);
      const kept = Number(r.kept);
      const state = lineState(open, kept);
      return {
        orderLineId: r.orderLineId,
        orderNo: r.orderNo,
        productName: r.productName,
        skuDesc: r.skuDesc,
        imageUrl: r.imageUrl,
        quantity: r.quantity,
        paidCents: r.paidCents,
        commissionCents: state === IncomeState.Void ? Number(r.first) : open + Math.max(kept, 0),
        state,
        stateText: INCOME_STATE_TEXT[state],
        at: new Date(r.at).toISOString(),
      };
    }),
    total: counted?.n ?? 0,
    pageNum,
    pageSize,
  };
}

/** A month of 历史收益. */
export interface MonthIncome {
  month: string;
  /** 收益: commission earned after refunds. */
  incomeCents: number;
  /** 结算: settled in the month, less what was clawed back in it. */
  settledCents: number;
}

/** 历史收益: a year month by month (up to this month), with the year's totals. */
export async function readHistoryIncome(
  db: DbOrTx,
  scope: KeeperScope & { year: number; now: Date },
): Promise<{ year: number; incomeCents: number; settledCents: number; months: MonthIncome[] }> {
  const { all } = await keeperAccountIds(db, scope);
  const byMonth = await figuresBy(db, all, 'month', yearRange(scope.year));
  const current = shopMonth(scope.now);
  const months: MonthIncome[] = [];
  for (let m = 12; m >= 1; m -= 1) {
    const month = `${scope.year}-${String(m).padStart(2, '0')}`;
    if (month > current) continue;
    const f = byMonth.get(month) ?? NO_INCOME;
    months.push({ month, incomeCents: netIncome(f), settledCents: netSettled(f) });
  }
  return {
    year: scope.year,
    incomeCents: months.reduce((sum, m) => sum + m.incomeCents, 0),
    settledCents: months.reduce((sum, m) => sum + m.settledCents, 0),
    months,
  };
}

/** 月度账单: a month's figures and the withdrawable balance at its start and end. */
export interface MonthlyBill extends IncomeFigures {
  month: string;
  incomeCents: number;
  /** 可提现 at the month's first instant and after its last. */
  openingCents: number;
  closingCents: number;
}

export async function readMonthlyBill(
  db: DbOrTx,
  scope: KeeperScope & { month: string },
): Promise<MonthlyBill> {
  const { all, available } = await keeperAccountIds(db, scope);
  const range = monthRange(scope.month);
  const figures = (await figuresBy(db, all, 'none', range)).get('') ?? NO_INCOME;
  let openingCents = 0;
  let closingCents = 0;
  if (available !== null) {
    // The posted effect of each transfer on 可提现; pending promises are not withdrawable yet.
    const effect = sql`case when ${ledgerTransfers.kind} in (${TransferKind.Posted}, ${TransferKind.Post}) then case when ${ledgerTransfers.creditAccountId} = ${available} then ${amount} else -${amount} end else 0 end`;
    const [row] = await db
      .select({
        opening:
          sql<number>`coalesce(sum(case when ${ledgerTransfers.createdAt} < ${range.from.toISOString()}::timestamptz then ${effect} else 0 end), 0)`.mapWith(
            Number,
          ),
        closing: sql<number>`coalesce(sum(${effect}), 0)`.mapWith(Number),
      })
      .from(ledgerTransfers)
      .where(
        and(
          or(
            eq(ledgerTransfers.creditAccountId, available),
            eq(ledgerTransfers.debitAccountId, available),
          ),
          lt(ledgerTransfers.createdAt, range.to),
        ),
      );
    openingCents = row?.opening ?? 0;
    closingCents = row?.closing ?? 0;
  }
  return {
    month: scope.month,
    ...figures,
    incomeCents: netIncome(figures),
    openingCents,
    closingCents,
  };
}

/** 账单查询: the last `count` months, newest first, each with its income and settlement. */
export async function recentBills(
  db: DbOrTx,
  scope: KeeperScope & { now: Date; count: number },
): Promise<(MonthIncome & { withdrawnCents: number })[]> {
  const { all } = await keeperAccountIds(db, scope);
  const months = monthsBack(shopMonth(scope.now), scope.count);
  const byMonth = await figuresBy(db, all, 'month', {
    from: dayStart(`${months.at(-1)!}-01`),
  });
  return months.map((month) => {
    const f = byMonth.get(month) ?? NO_INCOME;
    return {
      month,
      incomeCents: netIncome(f),
      settledCents: netSettled(f),
      withdrawnCents: f.withdrawnCents,
    };
  });
}

/** A row of 结算账单: a settlement (+) or a refund's claw-back after settlement (−). */
export interface SettlementRow {
  id: string;
  text: string;
  orderNo: string | null;
  productName: string | null;
  amountCents: number;
  at: string;
}

const SETTLEMENT_REASONS = [
  TransferReason.Settle,
  TransferReason.Clawback,
  TransferReason.ClawbackOwed,
] as const;

/** 结算账单: the month's settlements and claw-backs, newest first. */
export async function listSettlements(
  db: DbOrTx,
  input: KeeperScope & { month: string; pageNum: number; pageSize: number },
): Promise<{ list: SettlementRow[]; total: number; pageNum: number; pageSize: number }> {
  const { pageNum, pageSize } = input;
  const { all } = await keeperAccountIds(db, input);
  if (all.length === 0) return { list: [], total: 0, pageNum, pageSize };
  const range = monthRange(input.month);
  const where = and(
    touches(all),
    inArray(ledgerTransfers.reason, [...SETTLEMENT_REASONS]),
    gte(ledgerTransfers.createdAt, range.from),
    lt(ledgerTransfers.createdAt, range.to),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: ledgerTransfers.id,
        reason: ledgerTransfers.reason,
        amountCents: ledgerTransfers.amountCents,
        createdAt: ledgerTransfers.createdAt,
        orderNo: orders.orderNo,
        productName: orderLines.productName,
      })
      .from(ledgerTransfers)
      .leftJoin(orderLines, eq(orderLines.id, ledgerTransfers.orderLineId))
      .leftJoin(orders, eq(orders.id, orderLines.orderId))
      .where(where)
      .orderBy(desc(ledgerTransfers.createdAt), asc(ledgerTransfers.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransfers)
      .where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      text: r.reason === TransferReason.Settle ? '佣金结算' : MOVEMENT_TEXT[r.reason],
      orderNo: r.orderNo,
      productName: r.productName,
      amountCents: r.reason === TransferReason.Settle ? r.amountCents : -r.amountCents,
      at: r.createdAt.toISOString(),
    })),
    total: counted?.n ?? 0,
    pageNum,
    pageSize,
  };
}
