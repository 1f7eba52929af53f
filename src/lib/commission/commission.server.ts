/**
 * Commission in the ledger (decision 022). An attributed order line's commission is promised
 * when the order is paid (a pending transfer from the shop's commission account to the keeper's
 * available account), posted when the order has been complete for the shop's settlement window
 * with no after-sale open, voided (and the remainder promised again) when the line is refunded
 * before that, and clawed back by a reversing transfer when refunded after.
 */
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import {
  afterSales,
  ledgerAccounts,
  ledgerTransfers,
  orderLines,
  orders,
  refunds,
  shops,
} from '#lib/platform/db/schema.ts';
import { OrderStatus } from '#lib/orders/index.ts';
import { RefundState } from '#lib/payments/index.ts';
import { openAfterSaleOf } from '#lib/orders/index.server.ts';
import { commissionAfterRefund } from './commission.ts';
import {
  keeperAccount,
  keeperBalances,
  resolvePending,
  shopAccount,
  transfer,
} from './ledger.server.ts';
import { KeeperAccount, ShopAccount, TransferKind, TransferReason, transferId } from './ledger.ts';

/** Promises the commission of a just-paid order's attributed lines (in the payment's transaction). */
export async function promiseCommission(tx: Tx, orderId: number, now: Date): Promise<void> {
  const lines = await tx
    .select({
      id: orderLines.id,
      profitCents: orderLines.profitCents,
      shopId: orders.shopId,
      distributorId: orders.distributorId,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.profitCents} > 0`))
    .orderBy(asc(orderLines.id));
  for (const line of lines) {
    if (line.distributorId === null) continue;
    await transfer(tx, {
      id: transferId.commission(line.id),
      kind: TransferKind.Pending,
      debitAccountId: await shopAccount(tx, line.shopId, ShopAccount.Commission),
      creditAccountId: await keeperAccount(
        tx,
        line.shopId,
        line.distributorId,
        KeeperAccount.Available,
      ),
      amountCents: line.profitCents,
      reason: TransferReason.Commission,
      orderLineId: line.id,
      now,
    });
  }
}

/** Holds the order line's row until the transaction ends (settlement and refunds of it queue). */
async function lockLine(tx: Tx, orderLineId: number): Promise<void> {
  await tx.execute(
    sql`select id from ${orderLines} where ${orderLines.id} = ${orderLineId} for update`,
  );
}

/** The line's commission transfers, oldest first. */
function lineTransfers(tx: DbOrTx, orderLineId: number) {
  return tx
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.orderLineId, orderLineId))
    .orderBy(asc(ledgerTransfers.createdAt), asc(ledgerTransfers.id));
}

/** What the shopper has had refunded on a line so far (refunds not refused by the gateway). */
async function refundedOnLine(tx: Tx, orderLineId: number): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .innerJoin(afterSales, eq(afterSales.id, refunds.afterSaleId))
    .where(
      and(eq(afterSales.orderLineId, orderLineId), not(eq(refunds.status, RefundState.Failed))),
    );
  return Number(row!.cents);
}

/**
 * A line was refunded (refundNo, in the refund's transaction, after the refund row names its
 * after-sale): while its commission is pending, the pending transfer is voided and what the
 * shopper still paid earns a new one; once settled, the difference is clawed back from the
 * keeper's available balance, and what that cannot cover is recorded as owed (decision 022).
 */
export async function adjustCommissionForRefund(
  tx: Tx,
  input: { orderLineId: number; refundNo: string; now: Date },
): Promise<void> {
  const [line] = await tx
    .select({
      id: orderLines.id,
      paidCents: orderLines.paidCents,
      freightCents: orderLines.freightCents,
      insuranceCents: orderLines.insuranceCents,
      commissionRateBp: orderLines.commissionRateBp,
      profitCents: orderLines.profitCents,
      shopId: orders.shopId,
      distributorId: orders.distributorId,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.id, input.orderLineId));
  if (!line || line.distributorId === null || line.profitCents <= 0) return;
  // The line's settlement and its refunds take turns: each reads its history under this lock.
  await lockLine(tx, line.id);
  const history = await lineTransfers(tx, line.id);
  if (history.length === 0) return; // never promised: the order was not paid.
  const kept = Math.min(
    line.profitCents,
    commissionAfterRefund(line, await refundedOnLine(tx, line.id)),
  );
  const resolved = new Set(history.map((t) => t.pendingId).filter(Boolean));
  const open = history.find((t) => t.kind === TransferKind.Pending && !resolved.has(t.id));

  if (open) {
    if (open.amountCents === kept) return;
    await resolvePending(tx, {
      id: transferId.refundVoid(open.id),
      pendingId: open.id,
      kind: TransferKind.Void,
      reason: TransferReason.RefundVoid,
      now: input.now,
    });
    await transfer(tx, {
      id: transferId.recommission(line.id, input.refundNo),
      kind: TransferKind.Pending,
      debitAccountId: open.debitAccountId,
      creditAccountId: open.creditAccountId,
      amountCents: kept,
      reason: TransferReason.Commission,
      orderLineId: line.id,
      now: input.now,
    });
    return;
  }

  const settled = history
    .filter((t) => t.kind === TransferKind.Post)
    .reduce((sum, t) => sum + t.amountCents, 0);
  const clawed = history
    .filter((t) => t.reason === TransferReason.Clawback || t.reason === TransferReason.ClawbackOwed)
    .reduce((sum, t) => sum + t.amountCents, 0);
  const due = settled - clawed - kept;
  if (due <= 0) return;
  const commission = await shopAccount(tx, line.shopId, ShopAccount.Commission);
  const available = await keeperAccount(
    tx,
    line.shopId,
    line.distributorId,
    KeeperAccount.Available,
  );
  const { availableCents } = await keeperBalances(tx, line.shopId, line.distributorId);
  const fromBalance = Math.min(due, availableCents);
  await transfer(tx, {
    id: transferId.clawback(line.id, input.refundNo),
    kind: TransferKind.Posted,
    debitAccountId: available,
    creditAccountId: commission,
    amountCents: fromBalance,
    reason: TransferReason.Clawback,
    orderLineId: line.id,
    now: input.now,
  });
  await transfer(tx, {
    id: transferId.clawbackOwed(line.id, input.refundNo),
    kind: TransferKind.Posted,
    debitAccountId: await keeperAccount(tx, line.shopId, line.distributorId, KeeperAccount.Owed),
    creditAccountId: commission,
    amountCents: due - fromBalance,
    reason: TransferReason.ClawbackOwed,
    orderLineId: line.id,
    now: input.now,
  });
}

/** How many order lines a settlement round handles at most. */
const SETTLE_BATCH = 200;

/**
 * Settles what is due: every open commission of an order completed at least its shop's
 * settlement window ago, with no after-sale under way, is posted — each line in its own
 * transaction — and what the keeper owes is repaid from it first. Idempotent; answers how many.
 */
export async function settleDueCommission(db: DbOrTx, now = new Date()): Promise<number> {
  const resolvedIds = db
    .select({ id: ledgerTransfers.pendingId })
    .from(ledgerTransfers)
    .where(sql`${ledgerTransfers.pendingId} is not null`);
  const due = await db
    .select({ pendingId: ledgerTransfers.id, orderLineId: ledgerTransfers.orderLineId })
    .from(ledgerTransfers)
    .innerJoin(orderLines, eq(orderLines.id, ledgerTransfers.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(
      and(
        eq(ledgerTransfers.kind, TransferKind.Pending),
        not(inArray(ledgerTransfers.id, resolvedIds)),
        eq(orders.status, OrderStatus.Completed),
        sql`${orders.completedAt} + make_interval(days => ${shops.commissionSettleDays}::int) <= ${now.toISOString()}::timestamptz`,
        not(openAfterSaleOf(orders.id)),
      ),
    )
    .orderBy(asc(orders.completedAt), asc(ledgerTransfers.id))
    .limit(SETTLE_BATCH);
  let settled = 0;
  for (const { pendingId, orderLineId } of due) {
    const posted = await db.transaction(async (tx) => {
      if (orderLineId !== null) await lockLine(tx, orderLineId);
      const settleId = transferId.settle(pendingId);
      const done = await resolvePending(tx, {
        id: settleId,
        pendingId,
        kind: TransferKind.Post,
        reason: TransferReason.Settle,
        now,
      });
      if (done) await repayOwed(tx, pendingId, settleId, now);
      return done;
    });
    if (posted) settled += 1;
  }
  return settled;
}

/** After a settlement, what the keeper owes is paid from their available balance first. */
async function repayOwed(tx: Tx, pendingId: string, settleId: string, now: Date): Promise<void> {
  const [pending] = await tx
    .select({ creditAccountId: ledgerTransfers.creditAccountId })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, pendingId));
  const [keeper] = await tx
    .select({ shopId: ledgerAccounts.shopId, userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, pending!.creditAccountId));
  if (!keeper?.userId) return;
  const balances = await keeperBalances(tx, keeper.shopId, keeper.userId);
  const amount = Math.min(balances.owedCents, balances.availableCents);
  if (amount <= 0) return;
  await transfer(tx, {
    id: transferId.repay(settleId),
    kind: TransferKind.Posted,
    debitAccountId: pending!.creditAccountId,
    creditAccountId: await keeperAccount(tx, keeper.shopId, keeper.userId, KeeperAccount.Owed),
    amountCents: amount,
    reason: TransferReason.Repay,
    now,
  });
}
