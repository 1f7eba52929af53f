/**
 * 数据中心: the keeper's visits (link_visits), orders and sales (orders paid through them) and new
 * customers (attributions bound to them) per shop day, and the latest orders paid through them.
 * Scoped to the caller in the shop.
 */
import { and, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  attributions,
  ledgerTransfers,
  linkVisits,
  orderLines,
  orders,
  users,
} from '#lib/platform/db/schema.ts';
import { SHOP_TIME_ZONE } from '#lib/platform/time.ts';
import { distributorStatusText, maskBuyer } from '#lib/orders/index.ts';
import { dayStart } from './reports.ts';
import { commissionEffect, keeperAccountIds, type KeeperScope } from './reports.server.ts';
import {
  daysBack,
  type DayFigures,
  fillDays,
  type ShopDataPeriod,
  SHOP_DATA_ORDERS,
  totalsOf,
} from './shop-data.ts';

const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);

export interface ShopData {
  period: ShopDataPeriod;
  days: DayFigures[];
  totals: Omit<DayFigures, 'day'>;
}

/** The period's figures day by day (oldest first) and in total. */
export async function readShopData(
  db: DbOrTx,
  input: KeeperScope & { period: ShopDataPeriod; now: Date },
): Promise<ShopData> {
  const days = daysBack(input.now, Number(input.period));
  const first = days[0]!;
  const since = dayStart(first);
  const paidDay = sql<string>`to_char(${orders.paidAt} at time zone ${zone}, 'YYYY-MM-DD')`;
  const boundDay = sql<string>`to_char(${attributions.boundAt} at time zone ${zone}, 'YYYY-MM-DD')`;
  const [visits, sold, bound] = await Promise.all([
    db
      .select({ day: linkVisits.day, visits: linkVisits.visits })
      .from(linkVisits)
      .where(
        and(
          eq(linkVisits.shopId, input.shopId),
          eq(linkVisits.distributorId, input.userId),
          gte(linkVisits.day, first),
          lte(linkVisits.day, days.at(-1)!),
        ),
      ),
    db
      .select({
        day: paidDay,
        orders: sql<number>`count(*)::int`,
        cents: sql<number>`sum(${orders.payCents})`.mapWith(Number),
      })
      .from(orders)
      .where(
        and(
          eq(orders.shopId, input.shopId),
          eq(orders.distributorId, input.userId),
          isNotNull(orders.paidAt),
          gte(orders.paidAt, since),
        ),
      )
      .groupBy(sql`1`),
    db
      .select({ day: boundDay, n: sql<number>`count(*)::int` })
      .from(attributions)
      .where(
        and(
          eq(attributions.shopId, input.shopId),
          eq(attributions.distributorId, input.userId),
          gte(attributions.boundAt, since),
        ),
      )
      .groupBy(sql`1`),
  ]);
  const found = new Map<string, Partial<Omit<DayFigures, 'day'>>>();
  const at = (day: string) => {
    const entry = found.get(day) ?? {};
    found.set(day, entry);
    return entry;
  };
  for (const v of visits) at(v.day).visits = v.visits;
  for (const s of sold) Object.assign(at(s.day), { orders: s.orders, salesCents: s.cents });
  for (const b of bound) at(b.day).newCustomers = b.n;
  const filled = fillDays(days, found);
  return { period: input.period, days: filled, totals: totalsOf(filled) };
}

/** An order paid through the keeper, as 数据中心 lists it. */
export interface ShopDataOrder {
  orderNo: string;
  buyer: string;
  statusText: string;
  payCents: number;
  commissionCents: number;
  paidAt: string;
}

/** The latest orders paid through the keeper in the period. */
export async function listShopDataOrders(
  db: DbOrTx,
  input: KeeperScope & { period: ShopDataPeriod; now: Date; limit?: number },
): Promise<ShopDataOrder[]> {
  const since = dayStart(daysBack(input.now, Number(input.period))[0]!);
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      payCents: orders.payCents,
      paidAt: orders.paidAt,
      nickname: users.nickname,
      phone: users.phone,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.shopId, input.shopId),
        eq(orders.distributorId, input.userId),
        isNotNull(orders.paidAt),
        gte(orders.paidAt, since),
      ),
    )
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(input.limit ?? SHOP_DATA_ORDERS);
  const ids = rows.map((r) => r.id);
  const { all } = await keeperAccountIds(db, input);
  const commission =
    ids.length === 0 || all.length === 0
      ? []
      : await db
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
          .groupBy(orderLines.orderId);
  return rows.map((r) => ({
    orderNo: r.orderNo,
    buyer: maskBuyer(r),
    statusText: distributorStatusText(r.status),
    payCents: r.payCents,
    commissionCents: commission.find((c) => c.orderId === r.id)?.cents ?? 0,
    paidAt: r.paidAt!.toISOString(),
  }));
}
