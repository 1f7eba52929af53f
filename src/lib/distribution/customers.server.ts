/**
 * The shop keeper's customers: 我的客户 (attributed to them), one customer's orders through them
 * (客户详情), and the contribution ranking (客户贡献, 客户贡献排行). Scoped to the caller in the
 * shop: a customer of someone else answers like one who does not exist.
 */
import { and, desc, eq, gte, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  attributions,
  ledgerTransfers,
  orderLines,
  orders,
  refunds,
  users,
} from '#lib/platform/db/schema.ts';
import { appError } from '#lib/platform/errors.ts';
import { distributorStatusText } from '#lib/orders/index.ts';
import { RefundState } from '#lib/payments/index.ts';
import { ReportErrors } from './report-errors.ts';
import { commissionEffect, keeperAccountIds, type KeeperScope } from './reports.server.ts';
import {
  type Contribution,
  type ContributionPeriod,
  type ContributionSort,
  customerLabel,
  customerSearch,
  NO_CONTRIBUTION,
  periodSince,
  RANK_SIZE,
  rankBy,
} from './customers.ts';

/** What each order still paid after refunds (refunds the gateway did not refuse). */
function refundedByOrder(db: DbOrTx) {
  return db
    .select({
      orderId: refunds.orderId,
      cents: sql<number>`sum(${refunds.amountCents})`.mapWith(Number).as('refunded_cents'),
    })
    .from(refunds)
    .where(ne(refunds.status, RefundState.Failed))
    .groupBy(refunds.orderId)
    .as('refunded');
}

/**
 * Per customer (and per order when asked): orders paid through the keeper, what they paid and
 * the commission they brought; only orders paid since `since` when given.
 */
async function contributions(
  db: DbOrTx,
  scope: KeeperScope,
  filter: { since?: Date | null; customerIds?: number[] },
): Promise<Map<number, Contribution>> {
  if (filter.customerIds?.length === 0) return new Map();
  const paidThrough = and(
    eq(orders.shopId, scope.shopId),
    eq(orders.distributorId, scope.userId),
    isNotNull(orders.paidAt),
    filter.since ? gte(orders.paidAt, filter.since) : undefined,
    filter.customerIds ? inArray(orders.userId, filter.customerIds) : undefined,
  );
  const refunded = refundedByOrder(db);
  const { all } = await keeperAccountIds(db, scope);
  const [paid, commission] = await Promise.all([
    db
      .select({
        userId: orders.userId,
        orders: sql<number>`count(*)::int`,
        cents: sql<number>`sum(${orders.payCents} - coalesce(${refunded.cents}, 0))`.mapWith(
          Number,
        ),
      })
      .from(orders)
      .leftJoin(refunded, eq(refunded.orderId, orders.id))
      .where(paidThrough)
      .groupBy(orders.userId),
    all.length === 0
      ? []
      : db
          .select({
            userId: orders.userId,
            cents: sql<number>`sum(${commissionEffect})`.mapWith(Number),
          })
          .from(ledgerTransfers)
          .innerJoin(orderLines, eq(orderLines.id, ledgerTransfers.orderLineId))
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(
            and(
              paidThrough,
              or(
                inArray(ledgerTransfers.creditAccountId, all),
                inArray(ledgerTransfers.debitAccountId, all),
              ),
            ),
          )
          .groupBy(orders.userId),
  ]);
  const result = new Map<number, Contribution>();
  for (const row of paid) {
    result.set(row.userId, { orders: row.orders, paidCents: row.cents, commissionCents: 0 });
  }
  for (const row of commission) {
    const known = result.get(row.userId) ?? { ...NO_CONTRIBUTION };
    result.set(row.userId, { ...known, commissionCents: row.cents });
  }
  return result;
}

/** A customer of 我的客户. */
export interface CustomerRow extends Contribution {
  customerId: number;
  name: string;
  phone: string;
  /** When they were bound to the keeper; null for a buyer through a link who is bound elsewhere. */
  boundAt: string | null;
  /** Whether the binding still holds (new orders are attributed to the keeper). */
  bound: boolean;
}

function searchWhere(keyword: string): SQL | undefined {
  const search = customerSearch(keyword);
  if (!search) return undefined;
  if (search.by === 'phoneTail') return sql`right(${users.phone}, 4) = ${search.value}`;
  if (search.by === 'phone') return eq(users.phone, search.value);
  return eq(users.nickname, search.value);
}

/** 我的客户: the customers attributed to the keeper, newest first, with what they bought. */
export async function listCustomers(
  db: DbOrTx,
  input: KeeperScope & { keyword: string; pageNum: number; pageSize: number; now: Date },
): Promise<{ list: CustomerRow[]; total: number; pageNum: number; pageSize: number }> {
  const { pageNum, pageSize } = input;
  const where = and(
    eq(attributions.shopId, input.shopId),
    eq(attributions.distributorId, input.userId),
    searchWhere(input.keyword),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        customerId: attributions.userId,
        boundAt: attributions.boundAt,
        expiresAt: attributions.expiresAt,
        nickname: users.nickname,
        phone: users.phone,
      })
      .from(attributions)
      .innerJoin(users, eq(users.id, attributions.userId))
      .where(where)
      .orderBy(desc(attributions.boundAt), desc(attributions.userId))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(attributions)
      .innerJoin(users, eq(users.id, attributions.userId))
      .where(where),
  ]);
  const sums = await contributions(db, input, { customerIds: rows.map((r) => r.customerId) });
  return {
    list: rows.map((r) => ({
      customerId: r.customerId,
      ...customerLabel(r),
      boundAt: r.boundAt.toISOString(),
      bound: r.expiresAt > input.now,
      ...(sums.get(r.customerId) ?? NO_CONTRIBUTION),
    })),
    total: counted?.n ?? 0,
    pageNum,
    pageSize,
  };
}

/** An order of one customer through the keeper. */
export interface CustomerOrder {
  orderNo: string;
  statusText: string;
  createdAt: string;
  payCents: number;
  /** The commission it brought, as it stands. */
  commissionCents: number;
  productNames: string[];
  pieces: number;
}

export interface CustomerDetail {
  customer: CustomerRow;
  orders: CustomerOrder[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/**
 * 客户详情: a customer attributed to the keeper or who bought through them, with their orders
 * through the keeper, newest first. Anyone else: CUSTOMER_NOT_FOUND.
 */
export async function readCustomer(
  db: DbOrTx,
  input: KeeperScope & { customerId: number; pageNum: number; pageSize: number; now: Date },
): Promise<CustomerDetail> {
  const { pageNum, pageSize } = input;
  const through = and(
    eq(orders.shopId, input.shopId),
    eq(orders.distributorId, input.userId),
    eq(orders.userId, input.customerId),
  );
  const [[person], [binding], [counted]] = await Promise.all([
    db
      .select({ nickname: users.nickname, phone: users.phone })
      .from(users)
      .where(eq(users.id, input.customerId)),
    db
      .select({ boundAt: attributions.boundAt, expiresAt: attributions.expiresAt })
      .from(attributions)
      .where(
        and(
          eq(attributions.shopId, input.shopId),
          eq(attributions.userId, input.customerId),
          eq(attributions.distributorId, input.userId),
        ),
      ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(through),
  ]);
  const total = counted?.n ?? 0;
  if (!person || (!binding && total === 0)) throw appError(ReportErrors.CUSTOMER_NOT_FOUND);
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      createdAt: orders.createdAt,
      payCents: orders.payCents,
    })
    .from(orders)
    .where(through)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const ids = rows.map((r) => r.id);
  const { all } = await keeperAccountIds(db, input);
  const [lines, commission, sums] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            orderId: orderLines.orderId,
            productName: orderLines.productName,
            quantity: orderLines.quantity,
          })
          .from(orderLines)
          .where(inArray(orderLines.orderId, ids))
          .orderBy(orderLines.id),
    ids.length === 0 || all.length === 0
      ? []
      : db
          .select({
            orderId: orderLines.orderId,
            cents: sql<number>`sum(${commissionEffect})`.mapWith(Number),
          })
          .from(ledgerTransfers)
          .innerJoin(orderLines, eq(orderLines.id, ledgerTransfers.orderLineId))
          .where(
            and(
              inArray(orderLines.orderId, ids),
              or(
                inArray(ledgerTransfers.creditAccountId, all),
                inArray(ledgerTransfers.debitAccountId, all),
              ),
            ),
          )
          .groupBy(orderLines.orderId),
    contributions(db, input, { customerIds: [input.customerId] }),
  ]);
  return {
    customer: {
      customerId: input.customerId,
      ...customerLabel(person),
      boundAt: binding?.boundAt.toISOString() ?? null,
      bound: binding ? binding.expiresAt > input.now : false,
      ...(sums.get(input.customerId) ?? NO_CONTRIBUTION),
    },
    orders: rows.map((r) => {
      const own = lines.filter((l) => l.orderId === r.id);
      return {
        orderNo: r.orderNo,
        statusText: distributorStatusText(r.status),
        createdAt: r.createdAt.toISOString(),
        payCents: r.payCents,
        commissionCents: commission.find((c) => c.orderId === r.id)?.cents ?? 0,
        productNames: own.map((l) => l.productName),
        pieces: own.reduce((sum, l) => sum + l.quantity, 0),
      };
    }),
    total,
    pageNum,
    pageSize,
  };
}

/** A row of the contribution ranking. */
export interface RankedCustomer extends Contribution {
  rank: number;
  customerId: number;
  name: string;
  phone: string;
}

export interface ContributionRanking {
  period: ContributionPeriod;
  sort: ContributionSort;
  /** Every customer who bought through the keeper in the period. */
  customers: number;
  paidCents: number;
  commissionCents: number;
  /** The first RANK_SIZE of them. */
  list: RankedCustomer[];
}

/** 客户贡献: the customers who bought through the keeper in the period, ranked. */
export async function rankCustomers(
  db: DbOrTx,
  input: KeeperScope & { period: ContributionPeriod; sort: ContributionSort; now: Date },
): Promise<ContributionRanking> {
  const sums = await contributions(db, input, { since: periodSince(input.period, input.now) });
  const ranked = rankBy(
    [...sums].map(([customerId, c]) => ({ customerId, ...c })),
    input.sort,
  ).slice(0, RANK_SIZE);
  const people =
    ranked.length === 0
      ? []
      : await db
          .select({ id: users.id, nickname: users.nickname, phone: users.phone })
          .from(users)
          .where(
            inArray(
              users.id,
              ranked.map((r) => r.customerId),
            ),
          );
  const totals = [...sums.values()];
  return {
    period: input.period,
    sort: input.sort,
    customers: totals.length,
    paidCents: totals.reduce((sum, c) => sum + c.paidCents, 0),
    commissionCents: totals.reduce((sum, c) => sum + c.commissionCents, 0),
    list: ranked.map((r, i) => {
      const person = people.find((p) => p.id === r.customerId);
      return {
        rank: i + 1,
        ...r,
        ...customerLabel(person ?? { nickname: null, phone: null }),
      };
    }),
  };
}
