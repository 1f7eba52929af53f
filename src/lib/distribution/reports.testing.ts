/**
 * Test data for the keeper's reports (reports, customers, shop data): attributed orders and the
 * ledger's commission transfers, written through the ledger's own functions the way the
 * commission commands write them (commission.server.ts). Tests only.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { givenOrder } from '#tests/fixtures/given.ts';
import { keeperAccount, resolvePending, shopAccount, transfer } from './ledger.server.ts';
import { KeeperAccount, ShopAccount, TransferKind, TransferReason, transferId } from './ledger.ts';

export interface Sold {
  orderId: number;
  orderNo: string;
  lineId: number;
}

/** An order of `buyer` attributed to `keeper`, with one line earning `profitCents`. */
export async function givenSold(
  db: Db,
  input: {
    shopId: string;
    keeperId: number;
    buyerId: number;
    priceCents: number;
    profitCents: number;
    status?: number;
    at: Date;
    productName?: string;
  },
): Promise<Sold> {
  const status = input.status ?? 20;
  const order = await givenOrder(db, {
    shopId: input.shopId,
    userId: input.buyerId,
    distributorId: input.keeperId,
    status,
    priceCents: input.priceCents,
    profitCents: input.profitCents,
    createdAt: input.at,
    paidAt: status >= 20 ? input.at : null,
    ...(input.productName ? { productName: input.productName } : {}),
  });
  const [line] = await db
    .select({ id: t.orderLines.id })
    .from(t.orderLines)
    .where(eq(t.orderLines.orderId, order.id));
  return { orderId: order.id, orderNo: order.orderNo, lineId: line!.id };
}

async function accounts(db: Db, shopId: string, keeperId: number) {
  return db.transaction(async (tx) => ({
    commission: await shopAccount(tx, shopId, ShopAccount.Commission),
    payouts: await shopAccount(tx, shopId, ShopAccount.Payouts),
    available: await keeperAccount(tx, shopId, keeperId, KeeperAccount.Available),
    withdrawing: await keeperAccount(tx, shopId, keeperId, KeeperAccount.Withdrawing),
    owed: await keeperAccount(tx, shopId, keeperId, KeeperAccount.Owed),
  }));
}

/** The keeper's ledger in a shop, moved as the commission and withdrawal commands move it. */
export async function ledgerOf(db: Db, shopId: string, keeperId: number) {
  const a = await accounts(db, shopId, keeperId);
  return {
    /** The order was paid: its line's commission is promised. */
    promise: (lineId: number, cents: number, now: Date) =>
      db.transaction((tx) =>
        transfer(tx, {
          id: transferId.commission(lineId),
          kind: TransferKind.Pending,
          debitAccountId: a.commission,
          creditAccountId: a.available,
          amountCents: cents,
          reason: TransferReason.Commission,
          orderLineId: lineId,
          now,
        }),
      ),
    /** The after-sale window passed: the open promise is settled. */
    settle: (pendingId: string, now: Date) =>
      db.transaction((tx) =>
        resolvePending(tx, {
          id: transferId.settle(pendingId),
          pendingId,
          kind: TransferKind.Post,
          reason: TransferReason.Settle,
          now,
        }),
      ),
    /** A refund before settlement: the promise is voided and what is kept promised again. */
    refundPending: (
      lineId: number,
      pendingId: string,
      keptCents: number,
      refundNo: string,
      now: Date,
    ) =>
      db.transaction(async (tx) => {
        await resolvePending(tx, {
          id: transferId.refundVoid(pendingId),
          pendingId,
          kind: TransferKind.Void,
          reason: TransferReason.RefundVoid,
          now,
        });
        await transfer(tx, {
          id: transferId.recommission(lineId, refundNo),
          kind: TransferKind.Pending,
          debitAccountId: a.commission,
          creditAccountId: a.available,
          amountCents: keptCents,
          reason: TransferReason.Commission,
          orderLineId: lineId,
          now,
        });
      }),
    /** A refund after settlement: the settled commission is clawed back from 可提现. */
    clawback: (lineId: number, cents: number, refundNo: string, now: Date) =>
      db.transaction((tx) =>
        transfer(tx, {
          id: transferId.clawback(lineId, refundNo),
          kind: TransferKind.Posted,
          debitAccountId: a.available,
          creditAccountId: a.commission,
          amountCents: cents,
          reason: TransferReason.Clawback,
          orderLineId: lineId,
          now,
        }),
      ),
    /** A withdrawal applied for and paid out at once. */
    withdrawAndPay: (withdrawalNo: string, cents: number, now: Date) =>
      db.transaction(async (tx) => {
        await transfer(tx, {
          id: transferId.withdraw(withdrawalNo),
          kind: TransferKind.Posted,
          debitAccountId: a.available,
          creditAccountId: a.withdrawing,
          amountCents: cents,
          reason: TransferReason.Withdraw,
          now,
        });
        await transfer(tx, {
          id: transferId.payout(withdrawalNo),
          kind: TransferKind.Posted,
          debitAccountId: a.withdrawing,
          creditAccountId: a.payouts,
          amountCents: cents,
          reason: TransferReason.Payout,
          now,
        });
      }),
  };
}
