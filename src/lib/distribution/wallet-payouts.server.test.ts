/**
 * 微信零钱 withdrawals (decision 033) on an empty migrated database (PGlite), with the real
 * WeChat Pay adapter talking to the sandbox gateway in-process: the transfer-bills calls (the same
 * out_bill_no answers the same bill, the scene's report facts, the payee's name encrypted with
 * the platform key from ¥2,000.00), 待确认收款 → 确认收款 → 已到账 by the verified
 * MCHTRANSFER.BILL.FINISHED notification, a notification that is not WeChat's or not this bill's
 * refused, cancel, and an unconfirmed bill whose window ends: the money back exactly once.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenMember, givenShop } from '#tests/fixtures/given.ts';
import { givenCertifiedKeeper } from '#tests/fixtures/certified.ts';
import {
  handMadeNotification,
  inProcessGateway,
  type InProcessGateway,
} from '#tests/fixtures/payments.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { saveRealName } from '#lib/identity/real-name.server.ts';
import { GatewayError } from '#lib/payments/wechatpay/client.server.ts';
import { decryptSensitive } from '#lib/payments/wechatpay/protocol.ts';
import { sandboxKeys } from '#lib/payments/sandbox/keys.server.ts';
import {
  expireTransferBills,
  sandboxConfirmReceipt,
} from '#lib/payments/sandbox/gateway.server.ts';
import {
  auditLedger,
  keeperAccount,
  keeperBalances,
  resolvePending,
  shopAccount,
  transfer,
} from '../commission/ledger.server.ts';
import { KeeperAccount, ShopAccount, TransferKind, TransferReason } from '../commission/ledger.ts';
import { sandboxPayouts, wechatTransfers, type WalletPayouts } from './payouts.server.ts';
import { setFeature } from '#lib/shop/index.server.ts';
import { Feature } from '#lib/shop/index.ts';
import {
  applyWithdrawal,
  readCashInfo,
  readWithdrawal,
  reviewWithdrawal,
} from './withdrawals.server.ts';
import {
  CONFIRM_WINDOW_MS,
  cancelWalletWithdrawal,
  checkWalletWithdrawal,
  receiptRequest,
  receiveTransferNotification,
  sweepUnconfirmed,
} from './wallet-payouts.server.ts';
import { WithdrawalStatus } from './status.ts';

const T0 = new Date('2026-11-20T02:00:00Z');
let clock = T0;
let database: Database;
let db: Db;
let gateway: InProcessGateway;
let wallet: WalletPayouts;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
  gateway = await inProcessGateway(db, { now: () => clock });
  wallet = wechatTransfers(gateway);
});
afterAll(() => database.close());
afterEach(async () => {
  expect(await auditLedger(db)).toEqual([]);
  clock = T0;
});

let serial = 0;
const key = () => `wallet-test-${(serial += 1)}`;

/** A keeper signed in inside WeChat (an openid) with `availableCents` settled commission. */
async function givenKeeper(availableCents = 10_000) {
  const shop = await givenShop(db);
  const keeper = await givenMember(db, shop.shopId, { role: 3 });
  const openId = `oKEEPER${keeper.id}`;
  await db.update(t.users).set({ openId }).where(eq(t.users.id, keeper.id));
  await givenCertifiedKeeper(db, shop.shopId, keeper.id, { name: '欧阳娜娜' });
  const id = `test:grant:${keeper.id}`;
  await db.transaction(async (tx) => {
    await transfer(tx, {
      id,
      kind: TransferKind.Pending,
      debitAccountId: await shopAccount(tx, shop.shopId, ShopAccount.Commission),
      creditAccountId: await keeperAccount(tx, shop.shopId, keeper.id, KeeperAccount.Available),
      amountCents: availableCents,
      reason: TransferReason.Commission,
      now: new Date(T0.getTime() - 7200_000),
    });
    await resolvePending(tx, {
      id: `settle:${id}`,
      pendingId: id,
      kind: TransferKind.Post,
      reason: TransferReason.Settle,
      now: new Date(T0.getTime() - 3600_000),
    });
  });
  return { shop, keeper, openId };
}
type Keeper = Awaited<ReturnType<typeof givenKeeper>>;

const payouts = () => ({ cards: sandboxPayouts, wallet });

/** Applies for a 微信零钱 withdrawal and has the owner approve it: the bill is made. */
async function withdrawn(k: Keeper, amountCents: number) {
  const { withdrawalNo } = await applyWithdrawal(db, {
    shopId: k.shop.shopId,
    userId: k.keeper.id,
    amountCents,
    destination: 'wechat',
    idempotencyKey: key(),
    now: clock,
  });
  await reviewWithdrawal(db, payouts(), {
    shopId: k.shop.shopId,
    reviewerId: k.shop.ownerId,
    withdrawalNo,
    approve: true,
    now: clock,
  });
  return withdrawalNo;
}

const detail = (k: Keeper, withdrawalNo: string) =>
  readWithdrawal(db, { shopId: k.shop.shopId, userId: k.keeper.id, withdrawalNo });
const rowOf = async (withdrawalNo: string) =>
  (await db.select().from(t.withdrawals).where(eq(t.withdrawals.withdrawalNo, withdrawalNo)))[0]!;
const transfersOf = async (pattern: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.ledgerTransfers)
      .where(like(t.ledgerTransfers.id, pattern))
  )[0]!.n;
const balances = (k: Keeper) => keeperBalances(db, k.shop.shopId, k.keeper.id);

describe('the transfer-bills adapter against the sandbox gateway', () => {
  const bill = (outBillNo: string, amountCents = 500, userName?: string) =>
    wallet.transfer({ outBillNo, amountCents, openId: 'oPAYEE', userName: userName ?? null });

  it('makes a bill waiting for the payee, and the same out_bill_no answers the same bill', async () => {
    const first = await bill('POTEST0001');
    expect(first).toMatchObject({ state: 'WAIT_USER_CONFIRM', failReason: null });
    expect(first.packageInfo).toMatch(/^ABBQO\+/);
    expect(await bill('POTEST0001')).toEqual(first);
    const [stored] = await db
      .select()
      .from(t.sandboxTransferBills)
      .where(eq(t.sandboxTransferBills.outBillNo, 'POTEST0001'));
    expect(stored).toMatchObject({
      sceneId: '1005',
      amountCents: 500,
      openId: 'oPAYEE',
      remark: '店铺推广佣金提现',
      notifyUrl: 'http://shop.test/api/payment/notify/wechatpay/transfer',
    });
    expect(await wallet.query('POTEST0001')).toMatchObject({ state: 'WAIT_USER_CONFIRM' });
    expect(await wallet.query('POTESTNONE')).toBeNull();
    // The same number with another amount is another bill: refused, never a second transfer.
    const refused = await bill('POTEST0001', 600).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayError);
    expect(refused).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
  });

  it('names the payee from ¥2,000.00, encrypted with the platform key the request names', async () => {
    const refused = await bill('POTEST0002', 200_000).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400, code: 'PARAM_ERROR' });
    expect((refused as GatewayError).detail).toBe('转账金额>=2000元时，收款用户姓名必填');
    expect(await bill('POTEST0002', 200_000, '欧阳娜娜')).toMatchObject({
      state: 'WAIT_USER_CONFIRM',
    });
    // What went over the wire was ciphertext only the platform's private key opens.
    const body = JSON.parse(gateway.lastBody!) as { user_name: string };
    expect(body.user_name).not.toContain('欧阳');
    const keys = await sandboxKeys(db);
    expect(decryptSensitive(body.user_name, keys.platformPrivateKey)).toBe('欧阳娜娜');
    expect(gateway.lastHeaders!.get('wechatpay-serial')).toBe(keys.platformKeyId);
  });

  it('cancels an unconfirmed bill, and refuses to cancel a confirmed one', async () => {
    const made = await bill('POTEST0003');
    expect(await wallet.cancel('POTEST0003')).toMatchObject({ state: 'PENDING' });
    expect(await wallet.query('POTEST0003')).toMatchObject({
      state: 'FAIL',
      failReason: '商户撤销转账',
    });
    const other = await bill('POTEST0004');
    const keys = await sandboxKeys(db);
    const confirmed = await sandboxConfirmReceipt(db, {
      mchId: keys.mchId,
      appId: gateway.client.appId,
      packageInfo: other.packageInfo!,
      now: clock,
    });
    expect(confirmed).toMatchObject({ ok: true, bill: { state: 'SUCCESS' } });
    await expect(wallet.cancel('POTEST0004')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    expect(made.packageInfo).not.toBe(other.packageInfo);
  });
});

describe('a withdrawal to 微信零钱', () => {
  it('waits for 确认收款, then the verified notification pays it out once', async () => {
    const k = await givenKeeper();
    const info = await readCashInfo(db, k.shop.shopId, k.keeper.id);
    expect(info).toMatchObject({ wallet: 'ok', cardsOn: true });
    const withdrawalNo = await withdrawn(k, 3_000);
    const waiting = await detail(k, withdrawalNo);
    expect(waiting).toMatchObject({
      status: WithdrawalStatus.AwaitingConfirm,
      statusText: '待确认收款',
      cardLabel: '微信零钱',
      destination: 'wechat',
    });
    expect(waiting.timeline.map((s) => s.text)).toEqual([
      '提交提现申请',
      '店主审核通过，打款中',
      '已转账到微信零钱，待确认收款',
    ]);
    expect(await balances(k)).toMatchObject({ availableCents: 7_000, withdrawingCents: 3_000 });

    const sheet = await receiptRequest(db, wallet, {
      shopId: k.shop.shopId,
      userId: k.keeper.id,
      withdrawalNo,
    });
    const row = await rowOf(withdrawalNo);
    expect(sheet).toEqual({
      mchId: gateway.client.mchId,
      appId: gateway.client.appId,
      package: row.transferPackage,
    });
    const confirmed = await sandboxConfirmReceipt(db, {
      mchId: sheet.mchId,
      appId: sheet.appId,
      packageInfo: sheet.package,
      now: clock,
    });
    expect(confirmed.ok).toBe(true);
    expect(await gateway.deliver()).toBe(1);
    const paid = await detail(k, withdrawalNo);
    expect(paid).toMatchObject({ status: WithdrawalStatus.PaidOut, statusText: '已到账' });
    expect(await balances(k)).toMatchObject({ availableCents: 7_000, withdrawingCents: 0 });
    // Asking again, or the check after the sheet, moves nothing more.
    expect(
      await checkWalletWithdrawal(db, wallet, {
        shopId: k.shop.shopId,
        userId: k.keeper.id,
        withdrawalNo,
      }),
    ).toBe(WithdrawalStatus.PaidOut);
    expect(await transfersOf(`payout:${withdrawalNo}`)).toBe(1);
  });

  it('refuses a notification not signed by WeChat, or not about this bill, and changes nothing', async () => {
    const k = await givenKeeper();
    const withdrawalNo = await withdrawn(k, 2_000);
    const row = await rowOf(withdrawalNo);
    const resource = {
      mch_id: gateway.client.mchId,
      out_bill_no: row.outBillNo,
      transfer_bill_no: row.providerBillId,
      transfer_amount: 2_000,
      state: 'SUCCESS',
      openid: k.openId,
      create_time: '2026-11-20T10:00:00+08:00',
      update_time: '2026-11-20T10:00:00+08:00',
    };
    const receive = (note: { headers: Headers; body: string }) =>
      receiveTransferNotification(db, gateway, note.headers, note.body, clock);
    const made = (extra: Partial<typeof resource>, options: { serial?: string } = {}) =>
      handMadeNotification(db, {
        resource: { ...resource, ...extra },
        eventType: 'MCHTRANSFER.BILL.FINISHED',
        associatedData: 'mch_payment',
        timestamp: Math.floor(clock.getTime() / 1000),
        ...options,
      });
    expect(await receive(await made({}, { serial: 'PUB_KEY_ID_SOMEONE_ELSE' }))).toEqual({
      status: 401,
      body: { code: 'FAIL', message: '签名验证失败' },
    });
    const altered = await made({});
    expect(await receive({ ...altered, body: altered.body.replace('"id"', '"id" ') })).toEqual({
      status: 401,
      body: { code: 'FAIL', message: '签名验证失败' },
    });
    const wrong = { status: 400, body: { code: 'FAIL', message: '转账单信息不一致' } };
    expect(await receive(await made({ transfer_amount: 200_000 }))).toEqual(wrong);
    expect(await receive(await made({ openid: 'oSOMEONE' }))).toEqual(wrong);
    expect(await receive(await made({ mch_id: '1900000001' }))).toEqual(wrong);
    expect((await rowOf(withdrawalNo)).status).toBe(WithdrawalStatus.AwaitingConfirm);
    // The genuine one pays, and its copies are answered SUCCESS without moving money again.
    const genuine = await made({});
    const ok = { status: 200, body: { code: 'SUCCESS', message: '成功' } };
    expect(await Promise.all([receive(genuine), receive(genuine), receive(genuine)])).toEqual([
      ok,
      ok,
      ok,
    ]);
    expect((await rowOf(withdrawalNo)).status).toBe(WithdrawalStatus.PaidOut);
    expect(await transfersOf(`payout:${withdrawalNo}`)).toBe(1);
  });

  it('matches a taxed withdrawal’s notification with what is paid: amount − fee − tax', async () => {
    const k = await givenKeeper(1_000_000);
    const withdrawalNo = await withdrawn(k, 800_000);
    const row = await rowOf(withdrawalNo);
    // ¥8,000 − ¥1,600 expenses − ¥5,000 for the month = ¥1,400 at 3 % = ¥42.
    expect(row.taxCents).toBe(4_200);
    const note = await handMadeNotification(db, {
      resource: {
        mch_id: gateway.client.mchId,
        out_bill_no: row.outBillNo,
        transfer_bill_no: row.providerBillId,
        transfer_amount: 800_000 - row.feeCents - 4_200,
        state: 'SUCCESS',
        openid: k.openId,
        create_time: '2026-11-20T10:00:00+08:00',
        update_time: '2026-11-20T10:00:00+08:00',
      },
      eventType: 'MCHTRANSFER.BILL.FINISHED',
      associatedData: 'mch_payment',
      timestamp: Math.floor(clock.getTime() / 1000),
    });
    expect(await receiveTransferNotification(db, gateway, note.headers, note.body, clock)).toEqual({
      status: 200,
      body: { code: 'SUCCESS', message: '成功' },
    });
    expect((await rowOf(withdrawalNo)).status).toBe(WithdrawalStatus.PaidOut);
  });

  it('is cancelled by the keeper before confirming: the money is back once', async () => {
    const k = await givenKeeper();
    const withdrawalNo = await withdrawn(k, 1_500);
    const input = { shopId: k.shop.shopId, userId: k.keeper.id, withdrawalNo };
    await cancelWalletWithdrawal(db, wallet, input);
    await expect(cancelWalletWithdrawal(db, wallet, input)).rejects.toMatchObject({
      code: 47021,
    });
    // The CANCELLED notification arrives afterwards: nothing more moves.
    expect(await gateway.deliver()).toBeGreaterThanOrEqual(1);
    const failed = await detail(k, withdrawalNo);
    expect(failed).toMatchObject({
      status: WithdrawalStatus.Failed,
      failReason: '已取消收款，金额已退回钱包',
    });
    expect(await balances(k)).toMatchObject({ availableCents: 10_000, withdrawingCents: 0 });
    expect(await transfersOf(`returned:${withdrawalNo}`)).toBe(1);
    await expect(receiptRequest(db, wallet, input)).rejects.toMatchObject({ code: 47021 });
  });

  it('left unconfirmed past WeChat’s window: the bill is cancelled and the money back exactly once', async () => {
    const k = await givenKeeper();
    const withdrawalNo = await withdrawn(k, 2_500);
    const package_ = (await rowOf(withdrawalNo)).transferPackage!;
    // Inside the window the timer leaves it alone.
    clock = new Date(T0.getTime() + CONFIRM_WINDOW_MS - 60_000);
    expect(await sweepUnconfirmed(db, wallet, clock)).toBe(0);
    clock = new Date(T0.getTime() + CONFIRM_WINDOW_MS + 60_000);
    // Too late to confirm at WeChat.
    const keys = await sandboxKeys(db);
    expect(
      await sandboxConfirmReceipt(db, {
        mchId: keys.mchId,
        appId: gateway.client.appId,
        packageInfo: package_,
        now: clock,
      }),
    ).toEqual({ ok: false, reason: 'closed' });
    // The timer's query and WeChat's notification both report it; the money comes back once.
    expect(await sweepUnconfirmed(db, wallet, clock)).toBeGreaterThanOrEqual(1);
    expect(await expireTransferBills(db, clock)).toBeGreaterThanOrEqual(1);
    await gateway.deliver(clock);
    expect(await sweepUnconfirmed(db, wallet, clock)).toBe(0);
    const failed = await detail(k, withdrawalNo);
    expect(failed).toMatchObject({
      status: WithdrawalStatus.Failed,
      failReason: '超过用户确认收款时间，转账已自动撤销',
    });
    expect(await balances(k)).toMatchObject({ availableCents: 10_000, withdrawingCents: 0 });
    expect(await transfersOf(`returned:${withdrawalNo}`)).toBe(1);
  });

  /** ¥10.00 to 微信零钱. */
  const toWallet = (k: Awaited<ReturnType<typeof givenKeeper>>) =>
    applyWithdrawal(db, {
      shopId: k.shop.shopId,
      userId: k.keeper.id,
      amountCents: 1_000,
      destination: 'wechat',
      idempotencyKey: key(),
    });

  it('needs an openid: outside WeChat 微信零钱 is offered only after signing in there', async () => {
    const k = await givenKeeper();
    await db.update(t.users).set({ openId: null }).where(eq(t.users.id, k.keeper.id));
    expect((await readCashInfo(db, k.shop.shopId, k.keeper.id)).wallet).toBe('needs-wechat');
    await expect(toWallet(k)).rejects.toMatchObject({
      code: 47018,
      message: '请在微信内打开后提现到微信零钱',
    });
  });

  it('the shop’s choice: with 提现到微信零钱 off, 微信零钱 is not offered and is refused (47020)', async () => {
    const k = await givenKeeper();
    await setFeature(db, { shopId: k.shop.shopId, code: Feature.WalletPayouts, enabled: false });
    expect((await readCashInfo(db, k.shop.shopId, k.keeper.id)).wallet).toBe('off');
    await expect(toWallet(k)).rejects.toMatchObject({ code: 47020, message: '暂不支持该提现方式' });
    expect(await balances(k)).toMatchObject({ availableCents: 10_000, withdrawingCents: 0 });
  });

  it('from ¥2,000.00 needs the verified real name, which the bill then carries', async () => {
    const k = await givenKeeper(300_000);
    // Certified, then the real name taken back for a change (authname-change): none verified now.
    await db.delete(t.realNames).where(eq(t.realNames.userId, k.keeper.id));
    const apply = () =>
      applyWithdrawal(db, {
        shopId: k.shop.shopId,
        userId: k.keeper.id,
        amountCents: 200_000,
        destination: 'wechat',
        idempotencyKey: key(),
      });
    await expect(apply()).rejects.toMatchObject({ code: 47019 });
    await saveRealName(db, k.keeper.id, { name: '欧阳娜娜', idNumber: '11010519491231002x' });
    const withdrawalNo = await withdrawn(k, 200_000);
    expect((await rowOf(withdrawalNo)).status).toBe(WithdrawalStatus.AwaitingConfirm);
    const keys = await sandboxKeys(db);
    const body = JSON.parse(gateway.lastBody!) as { user_name: string; out_bill_no: string };
    expect(body.out_bill_no).toBe(`PO${withdrawalNo}`);
    expect(decryptSensitive(body.user_name, keys.platformPrivateKey)).toBe('欧阳娜娜');
    const rows = await db
      .select()
      .from(t.withdrawals)
      .where(and(eq(t.withdrawals.userId, k.keeper.id), eq(t.withdrawals.destination, 'wechat')));
    expect(rows).toHaveLength(1);
  });
});
