/**
 * 微信零钱 withdrawals under load on a real PostgreSQL server (decision 033, "Must show"): the
 * gateway's MCHTRANSFER.BILL.FINISHED notification posted many times at once, racing the timer
 * that asks about bills whose confirmation window ended and the keeper's own check after the
 * sheet. Whatever the order, the withdrawal moves once and its money once: an expired bill gives
 * the amount back to 可提现 exactly once, a confirmed one pays it out exactly once. Every call
 * runs its own transaction on the pool; the ledger is sound after each scenario.
 */
import { eq, like, sql } from 'drizzle-orm';
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
} from '#lib/commission/ledger.ts';
import { applyWithdrawal, reviewWithdrawal } from '#lib/distribution/withdrawals.server.ts';
import {
  sandboxPayouts,
  wechatTransfers,
  type WalletPayouts,
} from '#lib/distribution/payouts.server.ts';
import {
  CONFIRM_WINDOW_MS,
  checkWalletWithdrawal,
  receiveTransferNotification,
  sweepUnconfirmed,
} from '#lib/distribution/wallet-payouts.server.ts';
import { WithdrawalStatus } from '#lib/distribution/status.ts';
import {
  expireTransferBills,
  sandboxConfirmReceipt,
} from '#lib/payments/sandbox/gateway.server.ts';
import { billView, findBill } from '#lib/payments/sandbox/transfers.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { givenMember, givenShop } from '../fixtures/given.ts';
import { givenCertifiedKeeper } from '../fixtures/certified.ts';
import {
  handMadeNotification,
  inProcessGateway,
  type InProcessGateway,
} from '../fixtures/payments.ts';

let database: Database;
let db: Db;
let clock = new Date();
let gateway: InProcessGateway;
let wallet: WalletPayouts;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
  db = database.db;
  gateway = await inProcessGateway(db, { now: () => clock });
  wallet = wechatTransfers(gateway);
});
afterAll(() => database.close());

let serial = 0;
const key = () => `transfer-race-${Date.now()}-${(serial += 1)}`;

/** A keeper signed in inside WeChat whose 微信零钱 withdrawal of ¥30.00 waits for 确认收款. */
async function awaitingConfirm() {
  clock = new Date();
  const shop = await givenShop(db);
  const keeper = await givenMember(db, shop.shopId, { role: 3 });
  const openId = `oRACE${keeper.id}`;
  await db.update(t.users).set({ openId }).where(eq(t.users.id, keeper.id));
  await givenCertifiedKeeper(db, shop.shopId, keeper.id);
  await db.transaction(async (tx) => {
    const id = `test:grant:${keeper.id}`;
    await transfer(tx, {
      id,
      kind: TransferKind.Pending,
      debitAccountId: await shopAccount(tx, shop.shopId, ShopAccount.Commission),
      creditAccountId: await keeperAccount(tx, shop.shopId, keeper.id, KeeperAccount.Available),
      amountCents: 10_000,
      reason: TransferReason.Commission,
      now: clock,
    });
    await resolvePending(tx, {
      id: `settle:${id}`,
      pendingId: id,
      kind: TransferKind.Post,
      reason: TransferReason.Settle,
      now: clock,
    });
  });
  const { withdrawalNo } = await applyWithdrawal(db, {
    shopId: shop.shopId,
    userId: keeper.id,
    amountCents: 3_000,
    destination: 'wechat',
    idempotencyKey: key(),
    now: clock,
  });
  await reviewWithdrawal(
    db,
    { cards: sandboxPayouts, wallet },
    {
      shopId: shop.shopId,
      reviewerId: shop.ownerId,
      withdrawalNo,
      approve: true,
      now: clock,
    },
  );
  const [row] = await db
    .select()
    .from(t.withdrawals)
    .where(eq(t.withdrawals.withdrawalNo, withdrawalNo));
  expect(row!.status).toBe(WithdrawalStatus.AwaitingConfirm);
  return { shop, keeper, row: row! };
}

type Waiting = Awaited<ReturnType<typeof awaitingConfirm>>;

/** The gateway's final-state notification for the bill as it stands, signed as WeChat signs. */
async function finishedNotice(w: Waiting) {
  const bill = await findBill(db, gateway.client.mchId, w.row.outBillNo!);
  const view = billView(bill!, clock);
  return handMadeNotification(db, {
    eventType: 'MCHTRANSFER.BILL.FINISHED',
    associatedData: 'mch_payment',
    timestamp: Math.floor(clock.getTime() / 1000),
    resource: {
      mch_id: view.mch_id,
      out_bill_no: view.out_bill_no,
      transfer_bill_no: view.transfer_bill_no,
      transfer_amount: view.transfer_amount,
      state: view.state,
      openid: view.openid,
      ...(view.fail_reason ? { fail_reason: view.fail_reason } : {}),
      create_time: view.create_time,
      update_time: view.update_time,
    },
  });
}

const count = async (pattern: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.ledgerTransfers)
      .where(like(t.ledgerTransfers.id, pattern))
  )[0]!.n;

const statusOf = async (w: Waiting) =>
  (await db.select().from(t.withdrawals).where(eq(t.withdrawals.id, w.row.id)))[0]!;

describe('a 微信零钱 withdrawal', () => {
  it('left unconfirmed: notifications, the window timer and the check race, the money comes back once', async () => {
    const w = await awaitingConfirm();
    clock = new Date(clock.getTime() + CONFIRM_WINDOW_MS + 60_000);
    const notice = await finishedNotice(w);
    const input = { shopId: w.shop.shopId, userId: w.keeper.id, withdrawalNo: w.row.withdrawalNo };
    const results = await Promise.allSettled([
      ...Array.from({ length: 10 }, () =>
        receiveTransferNotification(db, gateway, notice.headers, notice.body, clock),
      ),
      ...Array.from({ length: 3 }, () => sweepUnconfirmed(db, wallet, clock)),
      ...Array.from({ length: 3 }, () =>
        checkWalletWithdrawal(db, wallet, { ...input, now: clock }),
      ),
      expireTransferBills(db, clock).then(() => gateway.deliver(clock)),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const answers = results
      .slice(0, 10)
      .map((r) => (r as PromiseFulfilledResult<{ status: number }>).value.status);
    expect(answers).toEqual(Array.from({ length: 10 }, () => 200));
    expect((await statusOf(w)).status).toBe(WithdrawalStatus.Failed);
    expect(await count(`returned:${w.row.withdrawalNo}`)).toBe(1);
    expect(await count(`payout:${w.row.withdrawalNo}`)).toBe(0);
    expect(await keeperBalances(db, w.shop.shopId, w.keeper.id)).toMatchObject({
      availableCents: 10_000,
      withdrawingCents: 0,
    });
    const events = await db
      .select()
      .from(t.withdrawalEvents)
      .where(eq(t.withdrawalEvents.withdrawalId, w.row.id));
    expect(events.map((e) => e.toStatus)).toEqual([
      WithdrawalStatus.Applied,
      WithdrawalStatus.Approved,
      WithdrawalStatus.AwaitingConfirm,
      WithdrawalStatus.Failed,
    ]);
    expect(await auditLedger(db)).toEqual([]);
  });

  it('confirmed: notifications, the timer and the check race, it is paid out once', async () => {
    const w = await awaitingConfirm();
    const confirmed = await sandboxConfirmReceipt(db, {
      mchId: gateway.client.mchId,
      appId: gateway.client.appId,
      packageInfo: w.row.transferPackage!,
      now: clock,
    });
    expect(confirmed.ok).toBe(true);
    clock = new Date(clock.getTime() + CONFIRM_WINDOW_MS + 60_000);
    const notice = await finishedNotice(w);
    const input = { shopId: w.shop.shopId, userId: w.keeper.id, withdrawalNo: w.row.withdrawalNo };
    const results = await Promise.allSettled([
      ...Array.from({ length: 10 }, () =>
        receiveTransferNotification(db, gateway, notice.headers, notice.body, clock),
      ),
      ...Array.from({ length: 3 }, () => sweepUnconfirmed(db, wallet, clock)),
      ...Array.from({ length: 3 }, () =>
        checkWalletWithdrawal(db, wallet, { ...input, now: clock }),
      ),
      expireTransferBills(db, clock).then(() => gateway.deliver(clock)),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect((await statusOf(w)).status).toBe(WithdrawalStatus.PaidOut);
    expect(await count(`payout:${w.row.withdrawalNo}`)).toBe(1);
    expect(await count(`returned:${w.row.withdrawalNo}`)).toBe(0);
    expect(await keeperBalances(db, w.shop.shopId, w.keeper.id)).toMatchObject({
      availableCents: 7_000,
      withdrawingCents: 0,
    });
    expect(await auditLedger(db)).toEqual([]);
  });
});
