/**
 * Freight insurance records: the claim an approved return files on an insured order (in the
 * review's transaction), the buyer's policy (freightInsurance) and the shop's compensations
 * (searchSellerCompensateFee).
 */
import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import { afterSales, insuranceClaims, orderLines, orders, shops } from '#lib/platform/db/schema.ts';
import { newNumber } from '#lib/platform/numbers.server.ts';
import { OrderStatus } from '#lib/orders/index.ts';
import { orderStatusText } from '#lib/orders/index.ts';
import { maskName } from '#lib/identity/index.ts';
import { POLICY_STATE_TEXT, policyState } from './rules.ts';
import { CLAIM_STATUS_TEXT, ClaimStatus } from './status.ts';
import type { ClaimPage, PolicyView } from './contracts.ts';
import type { WuyouSummary } from './wuyou.ts';

/**
 * Files the claim of an approved return when its order is insured: the order's cover, once per
 * order (the policy covers one return parcel; a second approved return of the order files none).
 */
export async function fileClaim(
  tx: Tx,
  afterSale: { id: number; orderId: number; shopId: string; userId: number },
  now: Date,
): Promise<void> {
  const [order] = await tx
    .select({ coverCents: orders.insuranceCoverCents })
    .from(orders)
    .where(eq(orders.id, afterSale.orderId));
  if (!order || order.coverCents === 0) return;
  await tx
    .insert(insuranceClaims)
    .values({
      claimNo: newNumber('C', now),
      orderId: afterSale.orderId,
      afterSaleId: afterSale.id,
      shopId: afterSale.shopId,
      userId: afterSale.userId,
      amountCents: order.coverCents,
      createdAt: now,
    })
    .onConflictDoNothing({ target: insuranceClaims.orderId });
}

/** The policies of the orders `where` selects, newest first. */
async function policies(db: DbOrTx, where: SQL | undefined, limit: number): Promise<PolicyView[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      saleTitle: orders.saleTitle,
      status: orders.status,
      premiumCents: orders.insuranceCents,
      coverCents: orders.insuranceCoverCents,
      address: orders.address,
      paidAt: orders.paidAt,
      claimNo: insuranceClaims.claimNo,
      claimCents: insuranceClaims.amountCents,
      claimStatus: insuranceClaims.status,
      claimedAt: insuranceClaims.createdAt,
      afterSaleNo: afterSales.afterSaleNo,
    })
    .from(orders)
    .leftJoin(insuranceClaims, eq(insuranceClaims.orderId, orders.id))
    .leftJoin(afterSales, eq(afterSales.id, insuranceClaims.afterSaleId))
    .where(and(where, gt(orders.insuranceCents, 0)))
    .orderBy(desc(orders.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      imageUrl: orderLines.imageUrl,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderLines.id));
  return rows.map((order) => {
    const own = lines.filter((line) => line.orderId === order.id);
    const state = policyState({
      status:
        order.status === OrderStatus.AwaitingPayment
          ? 'unpaid'
          : order.status === OrderStatus.Cancelled
            ? 'cancelled'
            : 'live',
      claimed: order.claimNo !== null,
    });
    return {
      orderNo: order.orderNo,
      saleTitle: order.saleTitle,
      orderStatusText: orderStatusText(order.status),
      imageUrl: own[0]?.imageUrl ?? null,
      pieces: own.reduce((n, line) => n + line.quantity, 0),
      premiumCents: order.premiumCents,
      coverCents: order.coverCents,
      state,
      stateText: POLICY_STATE_TEXT[state],
      province: order.address.province,
      insuredAt: order.paidAt?.toISOString() ?? null,
      claim:
        order.claimNo === null
          ? null
          : {
              claimNo: order.claimNo,
              afterSaleNo: order.afterSaleNo!,
              amountCents: order.claimCents!,
              statusText: CLAIM_STATUS_TEXT[order.claimStatus as ClaimStatus],
              createdAt: order.claimedAt!.toISOString(),
            },
    };
  });
}

export const POLICY_LIST_LIMIT = 50;

/** The caller's insured orders in the shop, newest first (the newest 50, or `limit`). */
export async function listPolicies(
  db: DbOrTx,
  input: { shopId: string; userId: number },
  limit = POLICY_LIST_LIMIT,
): Promise<PolicyView[]> {
  return policies(db, and(eq(orders.shopId, input.shopId), eq(orders.userId, input.userId)), limit);
}

/**
 * The caller's freight insurance in the shop, over all their insured orders: the policies in
 * force (paid, not cancelled, no claim yet: policyState's 保障中), the claims and their sum.
 */
export async function policySummary(
  db: DbOrTx,
  input: { shopId: string; userId: number },
): Promise<WuyouSummary> {
  const [row] = await db
    .select({
      inForce: sql<number>`(count(*) filter (where ${insuranceClaims.id} is null and ${orders.status} not in (${OrderStatus.AwaitingPayment}, ${OrderStatus.Cancelled})))::int`,
      claims: sql<number>`count(${insuranceClaims.id})::int`,
      claimedCents: sql<number>`coalesce(sum(${insuranceClaims.amountCents}), 0)::int`,
    })
    .from(orders)
    .leftJoin(insuranceClaims, eq(insuranceClaims.orderId, orders.id))
    .where(
      and(
        eq(orders.shopId, input.shopId),
        eq(orders.userId, input.userId),
        gt(orders.insuranceCents, 0),
      ),
    );
  return {
    inForce: Number(row?.inForce ?? 0),
    claims: Number(row?.claims ?? 0),
    claimedCents: Number(row?.claimedCents ?? 0),
  };
}

/** The policy of the caller's insured order. */
export async function readPolicy(
  db: DbOrTx,
  input: { shopId: string; userId: number; orderNo: string },
): Promise<PolicyView> {
  const where = and(
    eq(orders.orderNo, input.orderNo),
    eq(orders.shopId, input.shopId),
    eq(orders.userId, input.userId),
  );
  const [policy] = await policies(db, where, 1);
  if (policy) return policy;
  const [order] = await db.select({ id: orders.id }).from(orders).where(where);
  throw appError(order ? Errors.NOT_INSURED : Errors.ORDER_NOT_FOUND);
}

/** Whether the shop offers freight insurance at checkout (the owner may turn it off). */
export async function shopOffersInsurance(db: DbOrTx, shopId: string): Promise<boolean> {
  const [shop] = await db
    .select({ offered: shops.freightInsurance })
    .from(shops)
    .where(eq(shops.id, shopId));
  return shop?.offered ?? false;
}

/** The shop's compensations, newest first, with what it owes and has paid over all of them. */
export async function listShopClaims(
  db: DbOrTx,
  input: { shopId: string; ownerId: number; pageNum: number; pageSize: number },
): Promise<ClaimPage> {
  const [shop] = await db
    .select({ ownerId: shops.ownerUserId })
    .from(shops)
    .where(eq(shops.id, input.shopId));
  if (!shop || shop.ownerId !== input.ownerId) throw appError(Errors.NOT_SHOP_INSURANCE);
  const rows = await db
    .select({
      claimNo: insuranceClaims.claimNo,
      orderNo: orders.orderNo,
      afterSaleNo: afterSales.afterSaleNo,
      address: orders.address,
      productName: orderLines.productName,
      amountCents: insuranceClaims.amountCents,
      status: insuranceClaims.status,
      createdAt: insuranceClaims.createdAt,
      paidAt: insuranceClaims.paidAt,
    })
    .from(insuranceClaims)
    .innerJoin(orders, eq(orders.id, insuranceClaims.orderId))
    .innerJoin(afterSales, eq(afterSales.id, insuranceClaims.afterSaleId))
    .innerJoin(orderLines, eq(orderLines.id, afterSales.orderLineId))
    .where(eq(insuranceClaims.shopId, input.shopId))
    .orderBy(desc(insuranceClaims.id))
    .limit(input.pageSize)
    .offset((input.pageNum - 1) * input.pageSize);
  const [totals] = await db
    .select({
      total: count(),
      owedCents: sql<number>`coalesce(sum(${insuranceClaims.amountCents}) filter (where ${insuranceClaims.status} = ${ClaimStatus.Owed}), 0)::int`,
      paidCents: sql<number>`coalesce(sum(${insuranceClaims.amountCents}) filter (where ${insuranceClaims.status} = ${ClaimStatus.Paid}), 0)::int`,
    })
    .from(insuranceClaims)
    .where(eq(insuranceClaims.shopId, input.shopId));
  return {
    list: rows.map((row) => ({
      claimNo: row.claimNo,
      orderNo: row.orderNo,
      afterSaleNo: row.afterSaleNo,
      buyer: maskName(row.address.name),
      productName: row.productName,
      amountCents: row.amountCents,
      status: row.status as ClaimStatus,
      statusText: CLAIM_STATUS_TEXT[row.status as ClaimStatus],
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
    total: totals?.total ?? 0,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    owedCents: Number(totals?.owedCents ?? 0),
    paidCents: Number(totals?.paidCents ?? 0),
  };
}
