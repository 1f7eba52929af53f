/**
 * The shop keeper's customers (我的客户, 客户贡献): who counts as theirs, how a search reads, the
 * ranking's periods and orders. Pure rules; the queries are in customers.server.ts.
 */
import { maskBuyer, maskPhone } from '#lib/orders/index.ts';

/**
 * A customer is the keeper's when attributed to them in the shop (我的客户 lists these) or when
 * they bought through the keeper's link while bound to someone else (客户详情 and the ranking).
 */
export const CUSTOMER_PAGE_SIZE = 20;
export const CUSTOMER_ORDER_PAGE_SIZE = 10;
/** How many customers the ranking shows. */
export const RANK_SIZE = 50;
export const MAX_CUSTOMER_KEYWORD = 20;

/** The ranking's periods: the last 7 or 30 days, or all time. */
export const CONTRIBUTION_PERIODS = ['7', '30', 'all'] as const;
export type ContributionPeriod = (typeof CONTRIBUTION_PERIODS)[number];
export const PERIOD_TEXT: Record<ContributionPeriod, string> = {
  '7': '近7天',
  '30': '近30天',
  all: '全部',
};

/** What the ranking orders by: what the customers paid, or the commission they brought. */
export const CONTRIBUTION_SORTS = ['paid', 'commission'] as const;
export type ContributionSort = (typeof CONTRIBUTION_SORTS)[number];
export const SORT_TEXT: Record<ContributionSort, string> = {
  paid: '消费金额',
  commission: '贡献佣金',
};

/** The first instant a period counts from; null for all time. */
export function periodSince(period: ContributionPeriod, now: Date): Date | null {
  if (period === 'all') return null;
  return new Date(now.getTime() - Number(period) * 86_400_000);
}

/**
 * A search of the keeper's customers. Names and numbers are shown masked, so a search never
 * narrows them down character by character: four digits match the phone's last four (shown),
 * eleven the whole phone, anything else the whole nickname.
 */
export type CustomerSearch =
  | { by: 'phoneTail'; value: string }
  | { by: 'phone'; value: string }
  | { by: 'nickname'; value: string };

export function customerSearch(keyword: string): CustomerSearch | null {
  const value = keyword.trim();
  if (!value) return null;
  if (/^\d{4}$/.test(value)) return { by: 'phoneTail', value };
  if (/^1\d{10}$/.test(value)) return { by: 'phone', value };
  return { by: 'nickname', value };
}

/** A customer as their keeper sees them: the nickname's first character, the phone masked. */
export function customerLabel(user: { nickname: string | null; phone: string | null }): {
  name: string;
  phone: string;
} {
  return { name: maskBuyer(user), phone: user.phone ? maskPhone(user.phone) : '' };
}

export interface Contribution {
  orders: number;
  /** What they paid, less refunds. */
  paidCents: number;
  /** The commission their orders brought, as it stands (promised or settled, less refunds). */
  commissionCents: number;
}

export const NO_CONTRIBUTION: Contribution = { orders: 0, paidCents: 0, commissionCents: 0 };

/** Ranks by the sort, then the other figure, then the customer id (stable). */
export function rankBy<T extends Contribution & { customerId: number }>(
  rows: readonly T[],
  sort: ContributionSort,
): T[] {
  const other: ContributionSort = sort === 'paid' ? 'commission' : 'paid';
  const cents = (row: T, s: ContributionSort) =>
    s === 'paid' ? row.paidCents : row.commissionCents;
  return [...rows].sort(
    (a, b) =>
      cents(b, sort) - cents(a, sort) ||
      cents(b, other) - cents(a, other) ||
      a.customerId - b.customerId,
  );
}
