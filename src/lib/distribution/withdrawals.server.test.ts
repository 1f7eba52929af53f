/**
 * Withdrawals on an empty migrated database (PGlite): the limits of 申请提现 and the move from
 * 可提现 to 提现中; the owner's review (only the owner, a reason to reject, one decision), the
 * payout through the sandbox (paid → the shop's payouts account; a card ending 0000 refused →
 * the money back), a payout whose call failed paid by the retry exactly once; the keeper's
 * timeline, list, wallet movements and cash info. The ledger is sound after every scenario.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenMember, givenShop } from '#tests/fixtures/given.ts';
import { givenCertifiedKeeper } from '#tests/fixtures/certified.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import {
  auditLedger,
  keeperAccount,
  keeperBalances,
  resolvePending,
  shopAccount,
  transfer,
} from '../commission/ledger.server.ts';
import {
  KeeperAccount,
  ShopAccount,
  TransferKind,
  TransferReason,
  transferId,
} from '../commission/ledger.ts';
import { startEnterpriseCard, verifyEnterpriseCard } from './cards.server.ts';
import { bindCardWithCode } from '#tests/fixtures/cards.ts';
import { type PayoutProvider, sandboxPayouts } from './payouts.server.ts';
import {
  applyWithdrawal,
  collectReceipts,
  listForReview,
  listWithdrawals,
  readCashInfo,
  readWallet,
  readWithdrawal,
  readWithdrawalReceipt,
  retryPayouts,
  reviewWithdrawal,
  waitingWithdrawals,
} from './withdrawals.server.ts';
import { WithdrawalStatus } from './status.ts';
import { quarterOf, quarterMonths, quarterlyPayoutReport } from './payout-report.server.ts';
import { luhnValid } from './withdrawal.ts';
import { setFeature } from '#lib/shop/index.server.ts';
import { Feature } from '#lib/shop/index.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
});
afterAll(() => database.close());
afterEach(async () => {
  expect(await auditLedger(db)).toEqual([]);
  vi.restoreAllMocks();
});

const ICBC_CARD = '6212261202011584340';
const T0 = new Date('2026-11-20T02:00:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
let serial = 0;
const key = () => `withdraw-test-${(serial += 1)}`;

/** A Luhn-valid ABC number ending 0000, which the sandbox refuses to pay. */
function refusedCardNumber(): string {
  for (let i = 0; i < 1000; i += 1) {
    const digits = `622848${String(i).padStart(9, '0')}0000`;
    if (luhnValid(digits)) return digits;
  }
  throw new Error('unreachable');
}

/**
 * A keeper of a new shop (or its owner, who keeps shop too) with a verified real name, a bound
 * card and `availableCents` settled commission (a pending commission transfer posted), granted
 * before T0.
 */
async function givenKeeper(availableCents = 10_000, options: { owner?: boolean } = {}) {
  const shop = await givenShop(db);
  const keeper = options.owner
    ? { id: shop.ownerId, phone: shop.ownerPhone }
    : await givenMember(db, shop.shopId, { role: 3 });
  await givenCertifiedKeeper(db, shop.shopId, keeper.id, { name: '欧阳娜娜', now: at(-180) });
  const card = await bindCardWithCode(db, {
    userId: keeper.id,
    cardNo: ICBC_CARD,
  });
  const id = `test:grant:${keeper.id}`;
  await db.transaction(async (tx) => {
    await transfer(tx, {
      id,
      kind: TransferKind.Pending,
      debitAccountId: await shopAccount(tx, shop.shopId, ShopAccount.Commission),
      creditAccountId: await keeperAccount(tx, shop.shopId, keeper.id, KeeperAccount.Available),
      amountCents: availableCents,
      reason: TransferReason.Commission,
      now: at(-120),
    });
    await resolvePending(tx, {
      id: `settle:${id}`,
      pendingId: id,
      kind: TransferKind.Post,
      reason: TransferReason.Settle,
      now: at(-60),
    });
  });
  return { shop, keeper, card };
}

type Keeper = Awaited<ReturnType<typeof givenKeeper>>;

const apply = (k: Keeper, amountCents: number, extra: { bankCardId?: number; now?: Date } = {}) =>
  applyWithdrawal(db, {
    shopId: k.shop.shopId,
    userId: k.keeper.id,
    amountCents,
    bankCardId: extra.bankCardId ?? k.card.id,
    idempotencyKey: key(),
    now: extra.now ?? T0,
  });

const review = (
  k: Keeper,
  withdrawalNo: string,
  decision: { approve: boolean; reason?: string | undefined; reviewerId?: number; now?: Date },
  provider: PayoutProvider = sandboxPayouts,
) =>
  reviewWithdrawal(db, provider, {
    shopId: k.shop.shopId,
    reviewerId: decision.reviewerId ?? k.shop.ownerId,
    withdrawalNo,
    approve: decision.approve,
    reason: decision.reason,
    now: decision.now ?? at(10),
  });

const balances = (k: Keeper) => keeperBalances(db, k.shop.shopId, k.keeper.id);

async function postedOf(accountId: number): Promise<number> {
  const [row] = await db
    .select({ posted: t.ledgerAccounts.postedCents })
    .from(t.ledgerAccounts)
    .where(eq(t.ledgerAccounts.id, accountId));
  return Number(row!.posted);
}

const timelineOf = async (k: Keeper, withdrawalNo: string) =>
  (
    await readWithdrawal(db, { shopId: k.shop.shopId, userId: k.keeper.id, withdrawalNo })
  ).timeline.map((step) => step.text);

describe('applyWithdrawal', () => {
  it('moves the amount from 可提现 to 提现中 and waits for review', async () => {
    const k = await givenKeeper(10_000);
    const { withdrawalNo } = await apply(k, 2_550);
    expect(withdrawalNo).toMatch(/^WD20261120\d{10}$/);
    expect(await balances(k)).toMatchObject({ availableCents: 7_450, withdrawingCents: 2_550 });
    const detail = await readWithdrawal(db, {
      shopId: k.shop.shopId,
      userId: k.keeper.id,
      withdrawalNo,
    });
    expect(detail).toMatchObject({
      amountCents: 2_550,
      feeCents: 0,
      status: WithdrawalStatus.Applied,
      statusText: '审核中',
      cardLabel: '中国工商银行 6212 **** **** 4340',
    });
    expect(detail.timeline.map((s) => s.text)).toEqual(['提交提现申请']);
  });

  it('refuses below ¥1.00 (47001), above ¥50,000 (47003) and above the balance (47002)', async () => {
    const k = await givenKeeper(10_000);
    await expect(apply(k, 99)).rejects.toMatchObject({
      code: 47001,
      message: '提现金额不能低于1.00元',
    });
    await expect(apply(k, 5_000_001)).rejects.toMatchObject({
      code: 47003,
      message: '单笔提现金额不能超过50000.00元',
    });
    await expect(apply(k, 10_001)).rejects.toMatchObject({
      code: 47002,
      message: '提现金额不能超过可提现余额',
    });
    // The limits themselves are allowed: ¥1.00 and the whole rest.
    await apply(k, 100);
    await apply(k, 9_900);
    expect(await balances(k)).toMatchObject({ availableCents: 0, withdrawingCents: 10_000 });
    const rows = await db.select().from(t.withdrawals).where(eq(t.withdrawals.userId, k.keeper.id));
    expect(rows).toHaveLength(2);
  });

  it('refuses someone else’s card, a missing card and a card not yet verified (47004)', async () => {
    const k = await givenKeeper();
    const other = await givenKeeper();
    const verifying = await startEnterpriseCard(db, sandboxPayouts, {
      userId: k.keeper.id,
      companyName: '杭州小满贸易有限公司',
      accountNo: '3301040160000123456',
      bankCode: 'CCB',
    });
    for (const bankCardId of [other.card.id, 999_999, verifying.id]) {
      await expect(apply(k, 1_000, { bankCardId })).rejects.toMatchObject({
        code: 47004,
        message: '请先绑定银行卡',
      });
    }
    expect(await balances(k)).toMatchObject({ availableCents: 10_000, withdrawingCents: 0 });
  });

  it('the same idempotency key twice is one withdrawal', async () => {
    const k = await givenKeeper();
    const input = {
      shopId: k.shop.shopId,
      userId: k.keeper.id,
      amountCents: 1_000,
      bankCardId: k.card.id,
      idempotencyKey: key(),
      now: T0,
    };
    const first = await applyWithdrawal(db, input);
    expect(await applyWithdrawal(db, input)).toEqual(first);
    expect((await balances(k)).availableCents).toBe(9_000);
  });
});

describe('reviewWithdrawal', () => {
  it('only the shop’s owner reviews (40301)', async () => {
    const k = await givenKeeper();
    const { withdrawalNo } = await apply(k, 1_000);
    await expect(
      review(k, withdrawalNo, { approve: true, reviewerId: k.keeper.id }),
    ).rejects.toMatchObject({ code: 40301, message: '仅店主可审核提现' });
    // Another shop's owner neither.
    const elsewhere = await givenShop(db);
    await expect(
      review(k, withdrawalNo, { approve: true, reviewerId: elsewhere.ownerId }),
    ).rejects.toMatchObject({ code: 40301 });
    expect((await balances(k)).withdrawingCents).toBe(1_000);
  });

  it('nobody decides a payout to themselves: the owner is refused their own, approve or reject', async () => {
    const k = await givenKeeper(10_000, { owner: true });
    const { withdrawalNo } = await apply(k, 3_000);
    for (const decision of [{ approve: true }, { approve: false, reason: '自己驳回自己' }]) {
      await expect(review(k, withdrawalNo, decision)).rejects.toMatchObject({
        code: 40301,
        message: '不能审核自己的提现，店主本人的提现由店铺管理员审核',
      });
    }
    const [row] = await db
      .select()
      .from(t.withdrawals)
      .where(eq(t.withdrawals.withdrawalNo, withdrawalNo));
    expect(row).toMatchObject({ status: WithdrawalStatus.Applied, reviewedBy: null });
    expect(await balances(k)).toMatchObject({ availableCents: 7_000, withdrawingCents: 3_000 });
    // Nor does the owner see it on their review screen: it waits for the managers.
    const forOwner = await listForReview(db, {
      shopId: k.shop.shopId,
      reviewerId: k.shop.ownerId,
      status: 'all',
    });
    expect(forOwner).toEqual({ list: [], waiting: 0, as: 'owner' });
  });

  it('the owner’s own withdrawals go to the shop’s managers, and the decision names who decided', async () => {
    const k = await givenKeeper(10_000, { owner: true });
    const manager = await givenMember(db, k.shop.shopId, { role: 4 });
    const keeper = await givenMember(db, k.shop.shopId, { role: 3 });
    const { withdrawalNo } = await apply(k, 3_000);
    // A keeper who does not manage the shop is refused.
    await expect(
      review(k, withdrawalNo, { approve: true, reviewerId: keeper.id }),
    ).rejects.toMatchObject({ code: 40301, message: '仅店主可审核提现' });
    expect(await waitingWithdrawals(db, k.shop.shopId, manager.id)).toBe(1);
    expect(await waitingWithdrawals(db, k.shop.shopId, k.shop.ownerId)).toBe(0);
    const forManager = await listForReview(db, {
      shopId: k.shop.shopId,
      reviewerId: manager.id,
      status: 'waiting',
    });
    expect(forManager.list.map((w) => w.withdrawalNo)).toEqual([withdrawalNo]);
    const view = await review(k, withdrawalNo, { approve: true, reviewerId: manager.id });
    expect(view.status).toBe(WithdrawalStatus.PaidOut);
    const [row] = await db
      .select()
      .from(t.withdrawals)
      .where(eq(t.withdrawals.withdrawalNo, withdrawalNo));
    expect(row!.reviewedBy).toBe(manager.id);
    const events = await db
      .select({ to: t.withdrawalEvents.toStatus, actor: t.withdrawalEvents.actor })
      .from(t.withdrawalEvents)
      .where(eq(t.withdrawalEvents.withdrawalId, row!.id))
      .orderBy(t.withdrawalEvents.id);
    expect(events).toEqual([
      { to: WithdrawalStatus.Applied, actor: 'keeper' },
      { to: WithdrawalStatus.Approved, actor: 'manager' },
      { to: WithdrawalStatus.PaidOut, actor: 'provider' },
    ]);
  });

  it('a manager decides only the owner’s: another keeper’s is the owner’s to decide', async () => {
    const k = await givenKeeper(10_000);
    const manager = await givenMember(db, k.shop.shopId, { role: 4 });
    const { withdrawalNo } = await apply(k, 2_000);
    await expect(
      review(k, withdrawalNo, { approve: false, reason: '不通过', reviewerId: manager.id }),
    ).rejects.toMatchObject({ code: 40301, message: '仅店主可审核提现' });
    expect(
      await listForReview(db, { shopId: k.shop.shopId, reviewerId: manager.id, status: 'all' }),
    ).toEqual({ list: [], waiting: 0, as: 'manager' });
    const view = await review(k, withdrawalNo, { approve: true });
    expect(view.status).toBe(WithdrawalStatus.PaidOut);
    const [event] = await db
      .select({ actor: t.withdrawalEvents.actor, reviewedBy: t.withdrawals.reviewedBy })
      .from(t.withdrawalEvents)
      .innerJoin(t.withdrawals, eq(t.withdrawals.id, t.withdrawalEvents.withdrawalId))
      .where(
        and(
          eq(t.withdrawals.withdrawalNo, withdrawalNo),
          eq(t.withdrawalEvents.toStatus, WithdrawalStatus.Approved),
        ),
      );
    expect(event).toEqual({ actor: 'owner', reviewedBy: k.shop.ownerId });
  });

  it('a rejection needs a reason (47006), returns the money and records the reason', async () => {
    const k = await givenKeeper(10_000);
    const { withdrawalNo } = await apply(k, 4_000);
    for (const reason of [undefined, '', '   ']) {
      await expect(review(k, withdrawalNo, { approve: false, reason })).rejects.toMatchObject({
        code: 47006,
        message: '请填写驳回原因',
      });
    }
    const view = await review(k, withdrawalNo, { approve: false, reason: ' 银行卡信息有误 ' });
    expect(view).toMatchObject({
      status: WithdrawalStatus.Rejected,
      statusText: '已驳回',
      rejectReason: '银行卡信息有误',
      paidAt: null,
    });
    expect(await balances(k)).toMatchObject({ availableCents: 10_000, withdrawingCents: 0 });
    const detail = await readWithdrawal(db, {
      shopId: k.shop.shopId,
      userId: k.keeper.id,
      withdrawalNo,
    });
    expect(detail.timeline.map((s) => [s.text, s.note])).toEqual([
      ['提交提现申请', ''],
      ['审核未通过，金额已退回钱包', '银行卡信息有误'],
    ]);
    // Nothing was sent to the provider.
    const bills = await db
      .select()
      .from(t.sandboxPayoutBills)
      .where(eq(t.sandboxPayoutBills.outBillNo, `PO${withdrawalNo}`));
    expect(bills).toEqual([]);
  });

  it('an approval pays through the sandbox and posts to the shop’s payouts account', async () => {
    const k = await givenKeeper(10_000);
    const { withdrawalNo } = await apply(k, 6_000);
    const view = await review(k, withdrawalNo, { approve: true });
    expect(view).toMatchObject({
      status: WithdrawalStatus.PaidOut,
      statusText: '已到账',
      rejectReason: null,
      failReason: null,
    });
    expect(view.paidAt).toBe(at(10).toISOString());
    expect(await balances(k)).toMatchObject({ availableCents: 4_000, withdrawingCents: 0 });
    expect(await postedOf(await shopAccount(db, k.shop.shopId, ShopAccount.Payouts))).toBe(6_000);
    const [bill] = await db
      .select()
      .from(t.sandboxPayoutBills)
      .where(eq(t.sandboxPayoutBills.outBillNo, `PO${withdrawalNo}`));
    expect(bill).toMatchObject({ amountCents: 6_000, state: 'SUCCESS' });
    const [payout] = await db
      .select()
      .from(t.ledgerTransfers)
      .where(eq(t.ledgerTransfers.id, transferId.payout(withdrawalNo)));
    expect(payout).toMatchObject({ amountCents: 6_000, reason: 'payout' });
    expect(await timelineOf(k, withdrawalNo)).toEqual([
      '提交提现申请',
      '店主审核通过，打款中',
      '打款成功，已到账',
    ]);
  });

  it('keeps the provider’s e-receipt once it is made, asked at most every 10 minutes, for the keeper alone', async () => {
    const k = await givenKeeper(10_000);
    const { withdrawalNo } = await apply(k, 6_000);
    await review(k, withdrawalNo, { approve: true });
    const png = await sharp({
      create: { width: 750, height: 460, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    let made = false;
    const bill = `PO${withdrawalNo}`;
    const receipt = vi.fn(async (_db: unknown, outBillNo: string) =>
      made && outBillNo === bill ? new Uint8Array(png) : null,
    );
    const provider: PayoutProvider = { ...sandboxPayouts, receipt };
    const asked = () => receipt.mock.calls.filter(([, no]) => no === bill).length;
    const mine = { shopId: k.shop.shopId, userId: k.keeper.id, withdrawalNo };
    await expect(readWithdrawalReceipt(db, mine)).rejects.toMatchObject({
      code: 47024,
      message: '电子回单尚未生成，请稍后再查看',
    });
    // Not made yet: asked once, not again within 10 minutes (other tests' payouts are asked too).
    await collectReceipts(db, provider, at(11));
    await collectReceipts(db, provider, at(15));
    expect(asked()).toBe(1);
    made = true;
    expect(await collectReceipts(db, provider, at(22))).toBe(1);
    await collectReceipts(db, provider, at(40));
    expect(asked()).toBe(2);
    expect((await readWithdrawal(db, mine)).hasReceipt).toBe(true);
    const file = await readWithdrawalReceipt(db, mine);
    expect(file.contentType).toBe('image/png');
    expect(Buffer.from(file.bytes).equals(png)).toBe(true);
    // Another keeper of the shop asks for it: no such withdrawal of theirs.
    const other = await givenMember(db, k.shop.shopId, { role: 3 });
    await expect(readWithdrawalReceipt(db, { ...mine, userId: other.id })).rejects.toMatchObject({
      message: '提现记录不存在',
    });
  });

  it('a provider without e-receipts, or a withdrawal not paid, asks for none', async () => {
    const k = await givenKeeper(10_000);
    const { withdrawalNo } = await apply(k, 1_000);
    const receipt = vi.fn(async () => null);
    expect(await collectReceipts(db, { ...sandboxPayouts, receipt }, at(11))).toBe(0);
    expect(receipt).not.toHaveBeenCalledWith(db, `PO${withdrawalNo}`);
    expect(await collectReceipts(db, sandboxPayouts, at(11))).toBe(0);
  });

  it('a card ending 0000 is refused by the sandbox: 打款失败 and the money back', async () => {
    const k = await givenKeeper(10_000);
    const refused = await bindCardWithCode(db, {
      userId: k.keeper.id,
      cardNo: refusedCardNumber(),
    });
    const { withdrawalNo } = await apply(k, 3_000, { bankCardId: refused.id });
    const view = await review(k, withdrawalNo, { approve: true });
    expect(view).toMatchObject({
      status: WithdrawalStatus.Failed,
      statusText: '打款失败',
      failReason: '收款账户状态异常，请更换银行卡',
      paidAt: null,
    });
    expect(await balances(k)).toMatchObject({ availableCents: 10_000, withdrawingCents: 0 });
    expect(await postedOf(await shopAccount(db, k.shop.shopId, ShopAccount.Payouts))).toBe(0);
    expect(await timelineOf(k, withdrawalNo)).toEqual([
      '提交提现申请',
      '店主审核通过，打款中',
      '打款失败，金额已退回钱包',
    ]);
  });

  it('a decided withdrawal refuses another decision (47005) and moves no money', async () => {
    const k = await givenKeeper(10_000);
    const rejected = (await apply(k, 1_000)).withdrawalNo;
    await review(k, rejected, { approve: false, reason: '信息有误' });
    await expect(review(k, rejected, { approve: true })).rejects.toMatchObject({
      code: 47005,
      message: '该提现已处理，请刷新查看',
    });
    await expect(review(k, rejected, { approve: false, reason: '再驳回' })).rejects.toMatchObject({
      code: 47005,
    });
    const paid = (await apply(k, 2_000)).withdrawalNo;
    await review(k, paid, { approve: true });
    await expect(review(k, paid, { approve: false, reason: '撤回' })).rejects.toMatchObject({
      code: 47005,
    });
    await expect(review(k, paid, { approve: true })).rejects.toMatchObject({ code: 47005 });
    expect(await balances(k)).toMatchObject({ availableCents: 8_000, withdrawingCents: 0 });
    // A number the shop does not have answers as missing.
    await expect(review(k, 'WD20261120000000000', { approve: true })).rejects.toMatchObject({
      code: 40417,
    });
  });
});

describe('retryPayouts', () => {
  /**
   * The sandbox behind a line that fails the first `failures` transfer calls; `calls.transfer`
   * counts the calls for the withdrawals of this test (the timer pays any approval stuck).
   */
  function flaky(failures: number, options: { afterSending?: boolean } = {}) {
    const calls = { transfer: 0 };
    const mine = new Set<string>();
    const provider: PayoutProvider = {
      ...sandboxPayouts,
      async transfer(tx, request) {
        if (mine.size === 0) mine.add(request.outBillNo);
        if (!mine.has(request.outBillNo)) return sandboxPayouts.transfer(tx, request);
        calls.transfer += 1;
        if (calls.transfer <= failures) {
          // The bill may have been made and only the answer lost.
          if (options.afterSending) await sandboxPayouts.transfer(tx, request);
          throw new Error('payout provider unreachable');
        }
        return sandboxPayouts.transfer(tx, request);
      },
    };
    return { provider, calls };
  }

  for (const afterSending of [false, true]) {
    it(`pays an approval whose payout call failed${afterSending ? ' after the bill was made' : ''}, once`, async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const k = await givenKeeper(10_000);
      const { withdrawalNo } = await apply(k, 5_000);
      const { provider, calls } = flaky(1, { afterSending });
      const view = await review(k, withdrawalNo, { approve: true, now: at(10) }, provider);
      expect(view).toMatchObject({ status: WithdrawalStatus.Approved, statusText: '打款中' });
      expect(errors).toHaveBeenCalled();
      expect(await balances(k)).toMatchObject({ availableCents: 5_000, withdrawingCents: 5_000 });
      expect(await timelineOf(k, withdrawalNo)).toEqual(['提交提现申请', '店主审核通过，打款中']);

      // Within a minute of the approval the timer leaves it alone.
      expect(await retryPayouts(db, provider, at(10.5))).toBe(0);
      expect(calls.transfer).toBe(1);

      expect(await retryPayouts(db, provider, at(12))).toBe(1);
      expect(calls.transfer).toBe(2);
      const [row] = await db
        .select()
        .from(t.withdrawals)
        .where(eq(t.withdrawals.withdrawalNo, withdrawalNo));
      expect(row!.status).toBe(WithdrawalStatus.PaidOut);
      expect(await balances(k)).toMatchObject({ availableCents: 5_000, withdrawingCents: 0 });

      // Later runs find nothing to pay: no further call, one bill, one payout transfer.
      expect(await retryPayouts(db, provider, at(20))).toBe(0);
      expect(await retryPayouts(db, provider, at(60))).toBe(0);
      expect(calls.transfer).toBe(2);
      const bills = await db
        .select()
        .from(t.sandboxPayoutBills)
        .where(eq(t.sandboxPayoutBills.outBillNo, `PO${withdrawalNo}`));
      expect(bills).toHaveLength(1);
      expect(bills[0]!.amountCents).toBe(5_000);
      const payouts = await db
        .select()
        .from(t.ledgerTransfers)
        .where(eq(t.ledgerTransfers.id, transferId.payout(withdrawalNo)));
      expect(payouts).toHaveLength(1);
      expect(await postedOf(await shopAccount(db, k.shop.shopId, ShopAccount.Payouts))).toBe(5_000);
      expect(await timelineOf(k, withdrawalNo)).toEqual([
        '提交提现申请',
        '店主审核通过，打款中',
        '打款成功，已到账',
      ]);
    });
  }

  it('keeps asking while the provider stays unreachable, and pays when it answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const k = await givenKeeper(10_000);
    const { withdrawalNo } = await apply(k, 1_000);
    const { provider, calls } = flaky(3);
    await review(k, withdrawalNo, { approve: true, now: at(10) }, provider);
    await retryPayouts(db, provider, at(12));
    await retryPayouts(db, provider, at(13));
    expect(calls.transfer).toBe(3);
    const status = async () =>
      (
        await db.select().from(t.withdrawals).where(eq(t.withdrawals.withdrawalNo, withdrawalNo))
      )[0]!.status;
    expect(await status()).toBe(WithdrawalStatus.Approved);
    await retryPayouts(db, provider, at(14));
    expect(await status()).toBe(WithdrawalStatus.PaidOut);
    expect(calls.transfer).toBe(4);
    await retryPayouts(db, provider, at(15));
    expect(calls.transfer).toBe(4);
  });
});

describe('the keeper’s views', () => {
  it('readWithdrawal: another keeper’s withdrawal answers like none (40417)', async () => {
    const k = await givenKeeper();
    const other = await givenKeeper();
    const { withdrawalNo } = await apply(k, 1_000);
    await expect(
      readWithdrawal(db, { shopId: k.shop.shopId, userId: other.keeper.id, withdrawalNo }),
    ).rejects.toMatchObject({ code: 40417, message: '提现记录不存在' });
    // Nor in another shop.
    await expect(
      readWithdrawal(db, { shopId: other.shop.shopId, userId: k.keeper.id, withdrawalNo }),
    ).rejects.toMatchObject({ code: 40417 });
  });

  it('listWithdrawals: newest first, paged, the keeper’s own only', async () => {
    const k = await givenKeeper(10_000);
    const other = await givenKeeper(10_000);
    const first = (await apply(k, 1_000, { now: at(1) })).withdrawalNo;
    const second = (await apply(k, 2_000, { now: at(2) })).withdrawalNo;
    const third = (await apply(k, 3_000, { now: at(3) })).withdrawalNo;
    await apply(other, 1_000, { now: at(4) });
    await review(k, second, { approve: false, reason: '信息有误', now: at(5) });
    const all = await listWithdrawals(db, {
      shopId: k.shop.shopId,
      userId: k.keeper.id,
      pageNum: 1,
      pageSize: 20,
    });
    expect(all.total).toBe(3);
    expect(all.list.map((w) => [w.withdrawalNo, w.amountCents, w.statusText])).toEqual([
      [third, 3_000, '审核中'],
      [second, 2_000, '已驳回'],
      [first, 1_000, '审核中'],
    ]);
    const page2 = await listWithdrawals(db, {
      shopId: k.shop.shopId,
      userId: k.keeper.id,
      pageNum: 2,
      pageSize: 2,
    });
    expect(page2).toMatchObject({ total: 3, list: [{ withdrawalNo: first }] });
  });

  it('readWallet: the movements of 可提现 and 待结算, newest first, with their texts and signs', async () => {
    const k = await givenKeeper(10_000);
    // Another commission is promised and not settled yet.
    await db.transaction(async (tx) =>
      transfer(tx, {
        id: `test:promise:${k.keeper.id}`,
        kind: TransferKind.Pending,
        debitAccountId: await shopAccount(tx, k.shop.shopId, ShopAccount.Commission),
        creditAccountId: await keeperAccount(
          tx,
          k.shop.shopId,
          k.keeper.id,
          KeeperAccount.Available,
        ),
        amountCents: 800,
        reason: TransferReason.Commission,
        now: at(-30),
      }),
    );
    const rejected = (await apply(k, 1_500, { now: at(1) })).withdrawalNo;
    await review(k, rejected, { approve: false, reason: '信息有误', now: at(2) });
    const paid = (await apply(k, 2_000, { now: at(3) })).withdrawalNo;
    await review(k, paid, { approve: true, now: at(4) });
    const wallet = await readWallet(db, {
      shopId: k.shop.shopId,
      userId: k.keeper.id,
      pageNum: 1,
      pageSize: 20,
    });
    expect(wallet.balances).toEqual({
      availableCents: 8_000,
      pendingCents: 800,
      withdrawingCents: 0,
      owedCents: 0,
    });
    expect(wallet.total).toBe(6);
    expect(wallet.movements.map((m) => [m.text, m.amountCents, m.pending])).toEqual([
      ['提现申请', -2_000, false],
      ['提现退回', 1_500, false],
      ['提现申请', -1_500, false],
      ['推广佣金（待结算）', 800, true],
      ['佣金结算', 10_000, false],
      ['推广佣金（待结算）', 10_000, true],
    ]);
    const page = await readWallet(db, {
      shopId: k.shop.shopId,
      userId: k.keeper.id,
      pageNum: 2,
      pageSize: 4,
    });
    expect(page.movements.map((m) => m.text)).toEqual(['佣金结算', '推广佣金（待结算）']);
  });

  it('readWallet of a keeper with no account yet is empty', async () => {
    const shop = await givenShop(db);
    const keeper = await givenMember(db, shop.shopId, { role: 3 });
    expect(
      await readWallet(db, { shopId: shop.shopId, userId: keeper.id, pageNum: 1, pageSize: 20 }),
    ).toEqual({
      balances: { availableCents: 0, pendingCents: 0, withdrawingCents: 0, owedCents: 0 },
      movements: [],
      total: 0,
    });
  });

  it('readCashInfo: the balance, the rules and only the bound cards', async () => {
    const k = await givenKeeper(10_000);
    const start = (accountNo: string) =>
      startEnterpriseCard(db, sandboxPayouts, {
        userId: k.keeper.id,
        companyName: '杭州小满贸易有限公司',
        accountNo,
        bankCode: 'CCB',
      });
    const verifying = await start('3301040160000111111');
    const failing = await start('3301040160000222222');
    for (let i = 0; i < 3; i += 1) {
      await verifyEnterpriseCard(db, {
        userId: k.keeper.id,
        cardId: failing.id,
        amountCents: 100,
      }).catch(() => {});
    }
    const confirmed = await start('3301040160000333333');
    const [bill] = await db
      .select()
      .from(t.sandboxPayoutBills)
      .where(eq(t.sandboxPayoutBills.outBillNo, `VF${confirmed.id}`));
    await verifyEnterpriseCard(db, {
      userId: k.keeper.id,
      cardId: confirmed.id,
      amountCents: bill!.amountCents,
    });
    const info = await readCashInfo(db, k.shop.shopId, k.keeper.id);
    expect(info).toMatchObject({
      availableCents: 10_000,
      minCents: 100,
      maxCents: 5_000_000,
      feeRule: '提现免手续费，审核通过后1-3个工作日到账',
    });
    expect(info.cards.map((c) => c.id)).toEqual([k.card.id, confirmed.id]);
    expect(info.cards.map((c) => c.id)).not.toContain(verifying.id);
  });

  it('the shop’s choice: with 提现到银行卡 off, cards are not offered and a card withdrawal is refused (47020)', async () => {
    const k = await givenKeeper(10_000);
    await setFeature(db, { shopId: k.shop.shopId, code: Feature.CardPayouts, enabled: false });
    expect((await readCashInfo(db, k.shop.shopId, k.keeper.id)).cardsOn).toBe(false);
    await expect(apply(k, 1_000)).rejects.toMatchObject({
      code: 47020,
      message: '暂不支持该提现方式',
    });
    expect(await balances(k)).toMatchObject({ availableCents: 10_000 });
    await setFeature(db, { shopId: k.shop.shopId, code: Feature.CardPayouts, enabled: true });
    expect((await readCashInfo(db, k.shop.shopId, k.keeper.id)).cardsOn).toBe(true);
    await expect(apply(k, 1_000)).resolves.toMatchObject({ withdrawalNo: expect.any(String) });
  });

  it('waitingWithdrawals: the owner’s count of the keepers’ under review; null for anybody else', async () => {
    const k = await givenKeeper(10_000);
    expect(await waitingWithdrawals(db, k.shop.shopId, k.shop.ownerId)).toBe(0);
    const a = (await apply(k, 1_000)).withdrawalNo;
    await apply(k, 1_000);
    expect(await waitingWithdrawals(db, k.shop.shopId, k.shop.ownerId)).toBe(2);
    await review(k, a, { approve: true });
    expect(await waitingWithdrawals(db, k.shop.shopId, k.shop.ownerId)).toBe(1);
    expect(await waitingWithdrawals(db, k.shop.shopId, k.keeper.id)).toBeNull();
    expect(await waitingWithdrawals(db, 'nope', k.shop.ownerId)).toBeNull();
  });
});

describe('before a payout (issue #30): certified, signed, within the quotas, tax withheld', () => {
  const yuan = (n: number) => n * 100;

  async function refusal(promise: Promise<unknown>) {
    const error = (await promise.then(
      () => null,
      (e: unknown) => e,
    )) as { code: number; message: string } | null;
    expect(error, 'expected a refusal').not.toBeNull();
    return { code: error!.code, message: error!.message };
  }

  /** A keeper of a new shop with a card and a balance, certified only as far as asked. */
  async function uncertifiedKeeper(availableCents: number) {
    const k = await givenKeeper(availableCents);
    await db
      .delete(t.certificationEvents)
      .where(
        eq(
          t.certificationEvents.certificationId,
          db
            .select({ id: t.certifications.id })
            .from(t.certifications)
            .where(eq(t.certifications.userId, k.keeper.id)),
        ),
      );
    await db.delete(t.certifications).where(eq(t.certifications.userId, k.keeper.id));
    return k;
  }

  const withdrawalCount = async (k: Keeper) =>
    (await db.select().from(t.withdrawals).where(eq(t.withdrawals.userId, k.keeper.id))).length;

  it('refuses a keeper who is not certified (44111), and nothing moves', async () => {
    const k = await uncertifiedKeeper(10_000);
    expect(await refusal(apply(k, 5_000))).toEqual({
      code: 44111,
      message: '请先完成店主认证再提现',
    });
    expect(await balances(k)).toMatchObject({ availableCents: 10_000, withdrawingCents: 0 });
    expect(await withdrawalCount(k)).toBe(0);
  });

  it('refuses a certified person who has not signed both agreements (44112), naming them', async () => {
    const k = await givenKeeper(10_000);
    await db
      .delete(t.agreementAcceptances)
      .where(
        and(
          eq(t.agreementAcceptances.userId, k.keeper.id),
          eq(t.agreementAcceptances.type, 'taxIndividualProtocol'),
        ),
      );
    expect(await refusal(apply(k, 5_000))).toEqual({
      code: 44112,
      message: '请先签署《个人税务代办协议》再提现',
    });
    expect(await balances(k)).toMatchObject({ availableCents: 10_000 });
    expect(await withdrawalCount(k)).toBe(0);
  });

  it('withholds a person’s tax by the cumulative method and pays the rest; a second payout of the month counts the first', async () => {
    const k = await givenKeeper(yuan(20_000));
    // ¥8,000: expenses ¥1,600, one month's ¥5,000 deducted, ¥1,400 taxable at 3 % = ¥42.
    const first = await apply(k, yuan(8_000));
    const view = await review(k, first.withdrawalNo, { approve: true });
    expect(view).toMatchObject({ amountCents: yuan(8_000), taxCents: 4_200, paidCents: 795_800 });
    const [bill] = await db
      .select()
      .from(t.sandboxPayoutBills)
      .where(eq(t.sandboxPayoutBills.outBillNo, `PO${first.withdrawalNo}`));
    expect(bill).toMatchObject({ amountCents: 795_800, state: 'SUCCESS' });
    // The keeper's whole ¥8,000 left their balance: ¥42 of it is the tax the shop pays over.
    expect(await balances(k)).toMatchObject({ availableCents: yuan(12_000), withdrawingCents: 0 });

    // ¥2,000 more the same month: ¥10,000 to date, ¥3,000 taxable, ¥90 to date less ¥42 = ¥48.
    const second = await apply(k, yuan(2_000), { now: at(60) });
    const detail = await readWithdrawal(db, {
      shopId: k.shop.shopId,
      userId: k.keeper.id,
      withdrawalNo: second.withdrawalNo,
    });
    expect(detail).toMatchObject({ taxCents: 4_800, paidCents: yuan(2_000) - 4_800 });
  });

  it('a rejected withdrawal’s tax no longer counts: the next one is taxed as the first', async () => {
    const k = await givenKeeper(yuan(20_000));
    const rejected = await apply(k, yuan(8_000));
    await review(k, rejected.withdrawalNo, { approve: false, reason: '请核对收款卡' });
    const next = await apply(k, yuan(8_000), { now: at(60) });
    const detail = await readWithdrawal(db, {
      shopId: k.shop.shopId,
      userId: k.keeper.id,
      withdrawalNo: next.withdrawalNo,
    });
    expect(detail).toMatchObject({ taxCents: 4_200 });
    const taxes = await db
      .select({ no: t.payoutTaxes.withdrawalNo, voidedAt: t.payoutTaxes.voidedAt })
      .from(t.payoutTaxes)
      .where(eq(t.payoutTaxes.userId, k.keeper.id));
    expect(taxes.map((row) => [row.no, row.voidedAt !== null])).toEqual([
      [rejected.withdrawalNo, true],
      [next.withdrawalNo, false],
    ]);
  });

  it('keeps a person within ¥98,000 a month (44113), counting every withdrawal not given back', async () => {
    const k = await givenKeeper(yuan(150_000));
    await apply(k, yuan(50_000));
    await apply(k, yuan(48_000), { now: at(1) });
    expect(await refusal(apply(k, 100, { now: at(2) }))).toEqual({
      code: 44113,
      message: '本月提现金额已达上限（每月9.8万元）',
    });
    expect(await balances(k)).toMatchObject({ availableCents: yuan(52_000) });
  });
});

describe('the quarterly income report (国务院令第810号)', () => {
  it('gives the owner one row per keeper and month, masked, with the tax; nobody else gets it', async () => {
    const k = await givenKeeper(2_000_000);
    const first = await apply(k, 800_000);
    await review(k, first.withdrawalNo, { approve: true });
    const second = await apply(k, 200_000, { now: at(30) });
    await review(k, second.withdrawalNo, { approve: true, now: at(40) });
    const csv = await quarterlyPayoutReport(db, {
      shopId: k.shop.shopId,
      ownerId: k.shop.ownerId,
      quarter: '2026Q4',
    });
    const lines = csv!
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '季度,月份,店主,手机号,认证类型,实名,身份证号,提现笔数,收入（元）,代扣个税（元）,实际到账（元）',
    );
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(',');
    expect(cells.slice(0, 2)).toEqual(['2026Q4', '2026-11']);
    expect(cells.slice(4, 5)).toEqual(['个人认证']);
    expect(cells[5]).toBe('欧**娜');
    expect(cells[6]).toMatch(/^110101\*{8}\d{3}[\dX]$/);
    // ¥8,000 taxed ¥42, then ¥2,000 taxed ¥48: ¥10,000, ¥90, ¥9,910.
    expect(cells.slice(7)).toEqual(['2', '10000.00', '90.00', '9910.00']);
    expect(
      await quarterlyPayoutReport(db, {
        shopId: k.shop.shopId,
        ownerId: k.keeper.id,
        quarter: '2026Q4',
      }),
    ).toBeNull();
    expect(
      await quarterlyPayoutReport(db, {
        shopId: k.shop.shopId,
        ownerId: k.shop.ownerId,
        quarter: '2026Q3',
      }),
    ).toBe(
      '\uFEFF季度,月份,店主,手机号,认证类型,实名,身份证号,提现笔数,收入（元）,代扣个税（元）,实际到账（元）\r\n',
    );
  });

  it('names the quarters', () => {
    expect(quarterMonths('2026Q4')).toEqual(['2026-10', '2026-11', '2026-12']);
    expect(quarterMonths('2026Q1')).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(quarterMonths('2026Q5')).toBeNull();
    expect(quarterOf('2026-11-28')).toBe('2026Q4');
    expect(quarterOf('2026-03-31')).toBe('2026Q1');
  });
});
