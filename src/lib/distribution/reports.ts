/**
 * The shop keeper's income reports, read from the ledger (ledger.ts, decision 022): how each
 * transfer into or out of a keeper's accounts counts in 我的收益, 收益明细, 历史收益 and the
 * monthly bills, the income states of an order line, and the shop's calendar (China time).
 * Pure rules; the queries are in reports.server.ts.
 */
import { shopDay } from '#lib/platform/time.ts';
import { TransferKind, TransferReason } from '#lib/commission/index.ts';

/**
 * A sum of transfers of one kind and reason in one period, as the queries group them. `first`
 * tells a line's first commission promise from one made again after a partial refund (the
 * remainder of a voided promise, `commission:line:{id}:after:{refundNo}`).
 */
export interface TransferSum {
  kind: string;
  reason: string;
  first: boolean;
  cents: number;
}

/** What a period's transfers mean to the keeper, in cents; every figure is zero or more. */
export interface IncomeFigures {
  /** 新增佣金: commission first promised (orders paid). */
  earnedCents: number;
  /** 退款扣减: commission taken back by refunds — voided while pending or clawed back after. */
  refundedCents: number;
  /** 结算: commission that became withdrawable. */
  settledCents: number;
  /** Of the refunded, what was clawed back after settlement. */
  clawedCents: number;
  /** 提现到账: withdrawals paid out to the keeper's card. */
  withdrawnCents: number;
}

export const NO_INCOME: IncomeFigures = {
  earnedCents: 0,
  refundedCents: 0,
  settledCents: 0,
  clawedCents: 0,
  withdrawnCents: 0,
};

/**
 * Folds transfer sums into the figures. A void takes back a whole promise; the remainder
 * promised again right after (not `first`) gives part of it back, so the two net to the share
 * the refund took. Repayments of owed commission and withdrawals under way move money between
 * the keeper's own accounts and are not income.
 */
export function foldIncome(sums: readonly TransferSum[]): IncomeFigures {
  const f = { ...NO_INCOME };
  for (const s of sums) {
    if (s.reason === TransferReason.Commission && s.kind === TransferKind.Pending) {
      if (s.first) f.earnedCents += s.cents;
      else f.refundedCents -= s.cents;
    } else if (s.reason === TransferReason.RefundVoid && s.kind === TransferKind.Void) {
      f.refundedCents += s.cents;
    } else if (s.reason === TransferReason.Settle && s.kind === TransferKind.Post) {
      f.settledCents += s.cents;
    } else if (s.reason === TransferReason.Clawback || s.reason === TransferReason.ClawbackOwed) {
      f.refundedCents += s.cents;
      f.clawedCents += s.cents;
    } else if (s.reason === TransferReason.Payout) {
      f.withdrawnCents += s.cents;
    }
  }
  return f;
}

/** 收益: what the period earned after refunds (may be below zero in a period of refunds only). */
export const netIncome = (f: IncomeFigures): number => f.earnedCents - f.refundedCents;

/** 已结算 to date: settled less what was clawed back since. */
export const netSettled = (f: IncomeFigures): number => f.settledCents - f.clawedCents;

/** The income state of one order line's commission (收益明细). */
export const IncomeState = {
  /** 待结算: promised, waiting for the order's after-sale window. */
  Pending: 'pending',
  /** 已结算: withdrawable (what was not clawed back). */
  Settled: 'settled',
  /** 已失效: refunded away. */
  Void: 'void',
} as const;
export type IncomeState = (typeof IncomeState)[keyof typeof IncomeState];
export const INCOME_STATES = Object.values(IncomeState) as [IncomeState, ...IncomeState[]];

export const INCOME_STATE_TEXT: Record<IncomeState, string> = {
  pending: '待结算',
  settled: '已结算',
  void: '已失效',
};

/** A line's state from what is still promised and what is settled and kept, in cents. */
export function lineState(openCents: number, keptCents: number): IncomeState {
  if (openCents > 0) return IncomeState.Pending;
  if (keptCents > 0) return IncomeState.Settled;
  return IncomeState.Void;
}

// --- The shop's calendar ---------------------------------------------------------------------

/** A month as the pages write it: 2026-11. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first instant of a shop day (China time has no daylight saving). */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

/** The shop month an instant falls in: 2026-11. */
export const shopMonth = (at: Date): string => shopDay(at).slice(0, 7);

/** The month after `month`. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** A month's instants: [from, to). */
export const monthRange = (month: string): { from: Date; to: Date } => ({
  from: dayStart(`${month}-01`),
  to: dayStart(`${nextMonth(month)}-01`),
});

/** A year's instants: [from, to). */
export const yearRange = (year: number): { from: Date; to: Date } => ({
  from: dayStart(`${year}-01-01`),
  to: dayStart(`${year + 1}-01-01`),
});

/** The `count` months up to and including `month`, newest first. */
export function monthsBack(month: string, count: number): string[] {
  const months = [month];
  while (months.length < count) months.push(previousMonth(months.at(-1)!));
  return months;
}

/** "2026年11月". */
export function monthTitle(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${y}年${m}月`;
}

/** The year and month of a bill the query asks for, when it is a real month not in the future. */
export function billMonth(raw: string | undefined, now: Date): string {
  const current = shopMonth(now);
  if (!raw || !MONTH_PATTERN.test(raw) || raw > current || raw < '2000-01') return current;
  return raw;
}

/** The first year income can be looked back to. */
export const FIRST_INCOME_YEAR = 2020;

/** A year of 历史收益 from the query, else this year. */
export function incomeYear(raw: string | undefined, now: Date): number {
  const current = Number(shopDay(now).slice(0, 4));
  const year = Number(raw);
  return Number.isInteger(year) && year >= FIRST_INCOME_YEAR && year <= current ? year : current;
}
