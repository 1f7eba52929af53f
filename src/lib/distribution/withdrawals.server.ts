/**
 * Withdrawals (decision 022): apply → the amount moves from 可提现 to 提现中 in one transaction
 * → the shop owner approves (out_bill_no saved, then the payout provider is asked) or rejects
 * (the amount comes back) → paid out (posted to the shop's payouts) or failed (back again).
 * Every status change is one conditional UPDATE with its event and its transfer in the same
 * transaction; the payout call happens after the approval committed, and a retry asks about the
 * same out_bill_no, so nothing is ever paid twice.
 */
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import {
  bankCards,
  ledgerAccounts,
  ledgerTransfers,
  shops,
  users,
  withdrawalEvents,
  withdrawals,
} from '#lib/platform/db/schema.ts';
import { withIdempotencyKey } from '#lib/platform/commands.server.ts';
import {
  InsufficientFunds,
  keeperAccount,
  keeperBalances,
  shopAccount,
  transfer,
} from '#lib/commission/index.server.ts';
import {
  KeeperAccount,
  MOVEMENT_TEXT,
  ShopAccount,
  TransferKind,
  TransferReason,
  transferId,
} from '#lib/commission/index.ts';
import { WITHDRAWAL_STATUS_TEXT, WithdrawalStatus, withdrawalTransitions } from './status.ts';
import {
  FEE_RULE_TEXT,
  MAX_WITHDRAWAL_CENTS,
  MIN_WITHDRAWAL_CENTS,
  withdrawalFeeCents,
  withdrawalNumber,
} from './withdrawal.ts';
import { type BankCardView, cardNumberOf, listBankCards } from './cards.server.ts';
import { receiveOrderNotification } from './yunzhanghu/payouts.server.ts';
import {
  USER_NAME_FROM_CENTS,
  type PayoutProvider,
  type PayoutResult,
  type WalletPayouts,
} from './payouts.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';
import { verifiedRealName } from '#lib/identity/index.server.ts';
import {
  clearForPayout,
  payoutReadiness,
  payoutsThisYear,
  voidLabourTax,
  type PayoutReadiness,
} from '#lib/certification/index.server.ts';
import type { EarlierPayout } from '#lib/certification/index.ts';
import { shopDay } from '#lib/platform/time.ts';
import { getMember } from '#lib/membership/index.server.ts';
import { isShopManager } from '#lib/membership/index.ts';
import { readFeatureSet } from '#lib/shop/index.server.ts';
import { readPrivateFile, storePrivateFile } from '#lib/media/index.server.ts';
import { Feature } from '#lib/shop/index.ts';

/**
 * The payout providers a command may use: bank cards and 微信零钱 (decision 033). A bare card
 * provider is accepted as the former, with no WeChat transfers.
 */
export interface Payouts {
  cards: PayoutProvider | null;
  wallet: WalletPayouts | null;
}
const payoutsOf = (p: PayoutProvider | Payouts): Payouts =>
  'transfer' in p ? { cards: p, wallet: null } : p;

/** What reaches the keeper: the amount less the fee and the tax withheld. */
export const paidCents = (row: { amountCents: number; feeCents: number; taxCents: number }) =>
  row.amountCents - row.feeCents - row.taxCents;

/** Where a withdrawal's money goes. */
export type WithdrawalDestination = 'card' | 'wechat';
/** How 微信零钱 shows on 申请提现: offered, offered once signed in inside WeChat, or not at all. */
export type WalletOption = 'ok' | 'needs-wechat' | 'off';
export const WALLET_LABEL = '微信零钱';

type Actor = 'keeper' | 'owner' | 'manager' | 'provider' | 'timer';

export interface WithdrawalView {
  withdrawalNo: string;
  destination: WithdrawalDestination;
  amountCents: number;
  feeCents: number;
  /** Income tax withheld (taxGrcDetail shows how). */
  taxCents: number;
  /** What reaches the keeper: the amount less the fee and the tax. */
  paidCents: number;
  status: WithdrawalStatus;
  statusText: string;
  cardLabel: string;
  createdAt: string;
  reviewedAt: string | null;
  paidAt: string | null;
  rejectReason: string | null;
  failReason: string | null;
  /** The payout provider's bill number once paid: the e-receipt's number. */
  receiptNo: string | null;
  /** Whether the provider's e-receipt (电子回单) is kept and can be opened. */
  hasReceipt: boolean;
}

export interface WithdrawalDetail extends WithdrawalView {
  timeline: { status: WithdrawalStatus; text: string; note: string; at: string }[];
}

const viewColumns = {
  id: withdrawals.id,
  withdrawalNo: withdrawals.withdrawalNo,
  destination: withdrawals.destination,
  amountCents: withdrawals.amountCents,
  feeCents: withdrawals.feeCents,
  taxCents: withdrawals.taxCents,
  status: withdrawals.status,
  cardLabel: withdrawals.cardLabel,
  createdAt: withdrawals.createdAt,
  reviewedAt: withdrawals.reviewedAt,
  paidAt: withdrawals.paidAt,
  rejectReason: withdrawals.rejectReason,
  failReason: withdrawals.failReason,
  providerBillId: withdrawals.providerBillId,
  receiptMediaId: withdrawals.receiptMediaId,
};

type ViewRow = {
  withdrawalNo: string;
  destination: WithdrawalDestination;
  amountCents: number;
  feeCents: number;
  taxCents: number;
  status: number;
  cardLabel: string;
  createdAt: Date;
  reviewedAt: Date | null;
  paidAt: Date | null;
  rejectReason: string | null;
  failReason: string | null;
  providerBillId: string | null;
  receiptMediaId: number | null;
};

function toView(row: ViewRow): WithdrawalView {
  const status = row.status as WithdrawalStatus;
  return {
    withdrawalNo: row.withdrawalNo,
    destination: row.destination,
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    taxCents: row.taxCents,
    paidCents: paidCents(row),
    status,
    statusText: WITHDRAWAL_STATUS_TEXT[status],
    cardLabel: row.cardLabel,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    failReason: row.failReason,
    receiptNo: status === WithdrawalStatus.PaidOut ? row.providerBillId : null,
    hasReceipt: row.receiptMediaId !== null,
  };
}

/** What 申请提现 shows before the keeper confirms: the balance, the rules, the cards. */
export interface CashInfo {
  availableCents: number;
  minCents: number;
  maxCents: number;
  feeRule: string;
  cards: BankCardView[];
  /** 微信零钱: the keeper needs an openid (signed in inside WeChat). */
  wallet: WalletOption;
  /** Whether bank cards are paid here (a bank payout adapter; the sandbox in demo mode). */
  cardsOn: boolean;
  /** Certified and signed, or the step still to take (certification area). */
  readiness: PayoutReadiness;
  /** A person paid as 劳务报酬: their payouts this year, to estimate the tax before confirming. */
  taxEstimate: { day: string; earlier: EarlierPayout[] } | null;
}

/** Whether this server pays bank cards: through 云账户 (its sandbox in a demo), decision 055. */
export function cardPayoutsOn(config: Env = env()): boolean {
  return config.CARD_PAYOUT_PROVIDER === 'yunzhanghu';
}

/**
 * Whether a company's account may be added: its small confirming amount and its payouts go
 * through the bank sandbox, which only a demo has.
 */
export function enterpriseAccountsOn(config: Env = env()): boolean {
  return config.SHOP_MODE === 'demo' && cardPayoutsOn(config);
}

/**
 * The ways this shop's keepers may be paid: what the server pays through (WeChat transfers, a
 * card payout provider) and, of those, what the shop keeps on (its 提现到微信零钱 and 提现到银行卡
 * switches in 功能设置).
 */
async function payoutWays(
  db: DbOrTx,
  shopId: string,
  config: Env,
): Promise<{ wallet: boolean; cards: boolean }> {
  const features = await readFeatureSet(db, shopId);
  return {
    wallet: config.PAYOUT_PROVIDER === 'wechatpay' && features[Feature.WalletPayouts],
    cards: cardPayoutsOn(config) && features[Feature.CardPayouts],
  };
}

async function openIdOf(db: DbOrTx, userId: number): Promise<string | null> {
  const [user] = await db.select({ openId: users.openId }).from(users).where(eq(users.id, userId));
  return user?.openId ?? null;
}

export async function readCashInfo(
  db: DbOrTx,
  shopId: string,
  userId: number,
  config: Env = env(),
): Promise<CashInfo> {
  const now = new Date();
  const [balances, cards, openId, readiness, earlier, ways] = await Promise.all([
    keeperBalances(db, shopId, userId),
    listBankCards(db, userId),
    openIdOf(db, userId),
    payoutReadiness(db, { shopId, userId, now }),
    payoutsThisYear(db, userId, now),
    payoutWays(db, shopId, config),
  ]);
  const person = readiness.ready && readiness.kind === 'individual' && earlier !== null;
  return {
    availableCents: balances.availableCents,
    minCents: MIN_WITHDRAWAL_CENTS,
    maxCents: MAX_WITHDRAWAL_CENTS,
    feeRule: FEE_RULE_TEXT,
    cards: cards.filter((card) => card.status === 'bound'),
    wallet: !ways.wallet ? 'off' : openId ? 'ok' : 'needs-wechat',
    cardsOn: ways.cards,
    readiness,
    taxEstimate: person ? { day: shopDay(now), earlier } : null,
  };
}

async function recordEvent(
  tx: Tx,
  e: {
    withdrawalId: number;
    from: WithdrawalStatus | null;
    to: WithdrawalStatus;
    actor: Actor;
    note?: string;
    now: Date;
  },
): Promise<void> {
  await tx.insert(withdrawalEvents).values({
    withdrawalId: e.withdrawalId,
    fromStatus: e.from,
    toStatus: e.to,
    actor: e.actor,
    note: e.note ?? '',
    createdAt: e.now,
  });
}

/** Where the money goes: a bound card of the keeper's, or their WeChat balance by openid. */
async function destinationOf(
  db: Tx,
  input: {
    shopId: string;
    userId: number;
    amountCents: number;
    destination: WithdrawalDestination;
    bankCardId?: number | undefined;
  },
  config: Env,
) {
  const ways = await payoutWays(db, input.shopId, config);
  if (input.destination === 'wechat') {
    if (!ways.wallet) throw appError(Errors.WITHDRAW_DESTINATION_OFF);
    const openId = await openIdOf(db, input.userId);
    if (!openId) throw appError(Errors.WITHDRAW_NEEDS_WECHAT);
    // WeChat names the payee from ¥2,000.00: the keeper's verified real name is needed then.
    if (
      input.amountCents >= USER_NAME_FROM_CENTS &&
      (await verifiedRealName(db, input.userId)) === null
    ) {
      throw appError(Errors.WITHDRAW_NEEDS_REAL_NAME);
    }
    return { destination: 'wechat' as const, payeeOpenId: openId, cardLabel: WALLET_LABEL };
  }
  if (!ways.cards) throw appError(Errors.WITHDRAW_DESTINATION_OFF);
  if (input.bankCardId === undefined) throw appError(Errors.WITHDRAW_NEEDS_CARD);
  const [card] = await db
    .select({ id: bankCards.id, bankName: bankCards.bankName, masked: bankCards.cardNoMasked })
    .from(bankCards)
    .where(
      and(
        eq(bankCards.id, input.bankCardId),
        eq(bankCards.userId, input.userId),
        eq(bankCards.status, 'bound'),
        sql`${bankCards.removedAt} is null`,
      ),
    )
    // Held until the withdrawal is written: 解绑 waits for it, then sees it under way.
    .for('share');
  if (!card) throw appError(Errors.WITHDRAW_NEEDS_CARD);
  return {
    destination: 'card' as const,
    bankCardId: card.id,
    cardLabel: `${card.bankName} ${card.masked}`,
  };
}

/**
 * 申请提现: at least the minimum, at most the limit and the available balance, to one of the
 * keeper's bound cards or to their WeChat balance. The idempotency key makes a repeated tap one
 * withdrawal.
 */
export async function applyWithdrawal(
  db: DbOrTx,
  input: {
    shopId: string;
    userId: number;
    amountCents: number;
    destination?: WithdrawalDestination;
    bankCardId?: number | undefined;
    idempotencyKey: string;
    now?: Date;
    config?: Env;
  },
): Promise<{ withdrawalNo: string }> {
  const now = input.now ?? new Date();
  if (input.amountCents < MIN_WITHDRAWAL_CENTS) throw appError(Errors.WITHDRAW_TOO_LITTLE);
  if (input.amountCents > MAX_WITHDRAWAL_CENTS) throw appError(Errors.WITHDRAW_OVER_LIMIT);
  try {
    return await db.transaction((tx) =>
      withIdempotencyKey(tx, `withdraw:${input.userId}`, input.idempotencyKey, async () => {
        const target = await destinationOf(
          tx,
          { ...input, destination: input.destination ?? 'card' },
          input.config ?? env(),
        );
        const withdrawalNo = withdrawalNumber(now, String(randomInt(10 ** 9, 10 ** 10)));
        // Certified, signed, within the quotas; a person's tax withheld (certification area).
        const { taxCents } = await clearForPayout(tx, {
          withdrawalNo,
          shopId: input.shopId,
          userId: input.userId,
          amountCents: input.amountCents,
          now,
        });
        const [row] = await tx
          .insert(withdrawals)
          .values({
            withdrawalNo,
            shopId: input.shopId,
            userId: input.userId,
            ...target,
            amountCents: input.amountCents,
            feeCents: withdrawalFeeCents(input.amountCents),
            taxCents,
            status: WithdrawalStatus.Applied,
            idempotencyKey: input.idempotencyKey,
            createdAt: now,
          })
          .returning({ id: withdrawals.id });
        await transfer(tx, {
          id: transferId.withdraw(withdrawalNo),
          kind: TransferKind.Posted,
          debitAccountId: await keeperAccount(
            tx,
            input.shopId,
            input.userId,
            KeeperAccount.Available,
          ),
          creditAccountId: await keeperAccount(
            tx,
            input.shopId,
            input.userId,
            KeeperAccount.Withdrawing,
          ),
          amountCents: input.amountCents,
          reason: TransferReason.Withdraw,
          withdrawalId: row!.id,
          now,
        });
        await recordEvent(tx, {
          withdrawalId: row!.id,
          from: null,
          to: WithdrawalStatus.Applied,
          actor: 'keeper',
          now,
        });
        return { withdrawalNo };
      }),
    );
  } catch (error) {
    if (error instanceof InsufficientFunds) throw appError(Errors.WITHDRAW_TOO_MUCH);
    throw error;
  }
}

/**
 * Who decides a shop's withdrawals (decision 042): the shop's owner decides its keepers'; the
 * owner's own go to the shop's managers. Nobody decides a payout to themselves.
 */
type ReviewScope = { as: 'owner'; ownerId: number } | { as: 'manager'; ownerId: number };

/** The withdrawals `userId` reviews in the shop: as its owner, or as one of its managers. */
async function reviewScope(db: DbOrTx, shopId: string, userId: number): Promise<ReviewScope> {
  const [shop] = await db
    .select({ ownerId: shops.ownerUserId })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!shop?.ownerId) throw appError(Errors.WITHDRAW_NOT_REVIEWER);
  if (shop.ownerId === userId) return { as: 'owner', ownerId: shop.ownerId };
  const member = await getMember(db, shopId, userId);
  if (member && isShopManager(member)) return { as: 'manager', ownerId: shop.ownerId };
  throw appError(Errors.WITHDRAW_NOT_REVIEWER);
}

/** Refuses a reviewer the decision on a withdrawal by `keeperId` that is not theirs to take. */
function requireDecider(scope: ReviewScope, reviewerId: number, keeperId: number): void {
  if (keeperId === reviewerId) throw appError(Errors.WITHDRAW_OWN_REVIEW);
  const ownersOwn = keeperId === scope.ownerId;
  if (ownersOwn && scope.as !== 'manager') throw appError(Errors.WITHDRAW_OWNER_FOR_MANAGERS);
  if (!ownersOwn && scope.as !== 'owner') throw appError(Errors.WITHDRAW_NOT_REVIEWER);
}

/** The withdrawals of the scope: the owner's for managers, everybody else's for the owner. */
const inScope = (scope: ReviewScope) =>
  scope.as === 'manager'
    ? eq(withdrawals.userId, scope.ownerId)
    : ne(withdrawals.userId, scope.ownerId);

/**
 * Moves a withdrawal to `to` from `from` (by default any status allowed to lead there); null
 * when it was not in one of them. One guarded UPDATE: of racing moves, one wins.
 */
async function move(
  tx: Tx,
  where: { shopId: string; withdrawalNo: string },
  to: WithdrawalStatus,
  set: Partial<typeof withdrawals.$inferInsert>,
  from: WithdrawalStatus[] = withdrawalTransitions.allowedFrom(to),
) {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...set, status: to })
    .where(
      and(
        eq(withdrawals.shopId, where.shopId),
        eq(withdrawals.withdrawalNo, where.withdrawalNo),
        inArray(withdrawals.status, from),
      ),
    )
    .returning();
  return row ?? null;
}

/** Moves to `to` from whichever allowed status it is in, naming that status (for its event). */
async function moveFromAny(
  tx: Tx,
  where: { shopId: string; withdrawalNo: string },
  to: WithdrawalStatus,
  set: Partial<typeof withdrawals.$inferInsert>,
) {
  for (const from of withdrawalTransitions.allowedFrom(to)) {
    const row = await move(tx, where, to, set, [from]);
    if (row) return { row, from };
  }
  return null;
}

/** The money of a withdrawal goes back to 可提现 (rejected or failed), its tax no longer counted. */
async function giveBack(tx: Tx, row: typeof withdrawals.$inferSelect, now: Date) {
  await voidLabourTax(tx, { withdrawalNo: row.withdrawalNo, now });
  await transfer(tx, {
    id: transferId.withdrawReturned(row.withdrawalNo),
    kind: TransferKind.Posted,
    debitAccountId: await keeperAccount(tx, row.shopId, row.userId, KeeperAccount.Withdrawing),
    creditAccountId: await keeperAccount(tx, row.shopId, row.userId, KeeperAccount.Available),
    amountCents: row.amountCents,
    reason: TransferReason.WithdrawReturned,
    withdrawalId: row.id,
    now,
  });
}

/**
 * The reviewer's decision (the owner's, or a manager's on the owner's own). Approving saves the
 * out_bill_no and who approved with the approval and then pays it out; rejecting needs a reason
 * and returns the money. A decision already taken refuses.
 */
export async function reviewWithdrawal(
  db: DbOrTx,
  provider: PayoutProvider | Payouts,
  input: {
    shopId: string;
    reviewerId: number;
    withdrawalNo: string;
    approve: boolean;
    reason?: string | undefined;
    now?: Date;
  },
): Promise<WithdrawalView> {
  const now = input.now ?? new Date();
  const scope = await reviewScope(db, input.shopId, input.reviewerId);
  const where = { shopId: input.shopId, withdrawalNo: input.withdrawalNo };
  // Whose withdrawal it is never changes: read once, then the decision is one guarded UPDATE.
  const { row: asked } = await readWithdrawalOf(db, where);
  requireDecider(scope, input.reviewerId, asked.userId);
  const reason = input.reason?.trim() ?? '';
  if (!input.approve && !reason) throw appError(Errors.REJECT_REASON_REQUIRED);
  const decided = await db.transaction(async (tx) => {
    const row = await move(
      tx,
      where,
      input.approve ? WithdrawalStatus.Approved : WithdrawalStatus.Rejected,
      input.approve
        ? { reviewedBy: input.reviewerId, reviewedAt: now, outBillNo: `PO${input.withdrawalNo}` }
        : { reviewedBy: input.reviewerId, reviewedAt: now, rejectReason: reason },
    );
    if (!row) return null;
    if (!input.approve) await giveBack(tx, row, now);
    await recordEvent(tx, {
      withdrawalId: row.id,
      from: WithdrawalStatus.Applied,
      to: row.status as WithdrawalStatus,
      actor: scope.as,
      note: input.approve ? '' : reason,
      now,
    });
    return row;
  });
  if (!decided) throw appError(Errors.WITHDRAWAL_STATE_CHANGED);
  if (input.approve) {
    await payOut(db, provider, decided.id, now).catch((error: unknown) =>
      console.error('[withdrawals] payout not sent yet, the timer retries:', error),
    );
  }
  return toView((await readWithdrawalOf(db, where)).row);
}

/**
 * Asks the provider to pay an approved withdrawal under its saved out_bill_no — its card
 * provider, or WeChat's transfer bills for 微信零钱 — and applies the answer once. Throws when
 * the provider cannot be reached (the timer asks again).
 */
export async function payOut(
  db: DbOrTx,
  provider: PayoutProvider | Payouts,
  withdrawalId: number,
  now = new Date(),
): Promise<void> {
  const payouts = payoutsOf(provider);
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  if (!row || row.status !== WithdrawalStatus.Approved || !row.outBillNo) return;
  let result: PayoutResult;
  if (row.destination === 'wechat') {
    if (!payouts.wallet) return;
    const amountCents = paidCents(row);
    result = await payouts.wallet.transfer({
      outBillNo: row.outBillNo,
      amountCents,
      openId: row.payeeOpenId!,
      userName: amountCents >= USER_NAME_FROM_CENTS ? await verifiedRealName(db, row.userId) : null,
    });
  } else {
    if (!payouts.cards || row.bankCardId === null) return;
    const card = await cardNumberOf(db, row.bankCardId);
    result = await payouts.cards.transfer(db, {
      outBillNo: row.outBillNo,
      amountCents: paidCents(row),
      userId: row.userId,
      ...card,
    });
  }
  await applyPayoutResult(db, row, result, now);
  // The e-receipt at once where the provider has it already (the sandbox's does); else the
  // timer asks later. Not awaited: the reviewer's answer does not wait for a file.
  if (result.state === 'SUCCESS' && row.destination === 'card') {
    keepReceipt(db, payouts.cards, row.id, now).catch((error: unknown) =>
      console.error(`[withdrawals] e-receipt of ${row.id} not fetched:`, (error as Error).message),
    );
  }
}

/**
 * What a provider said about a withdrawal's bill, applied once whoever reports it (the call's
 * answer, a query, a notification, the timer): paid → 已到账 (the money leaves for the shop's
 * payouts); refused or cancelled → 打款失败 (the money is back in 可提现); waiting for the
 * keeper → 待确认收款 with the sheet's package. Each is one guarded UPDATE with its event and its
 * transfer, whose id derives from the withdrawal: a second report moves nothing.
 */
export async function applyPayoutResult(
  db: DbOrTx,
  row: { id: number; shopId: string; userId: number; withdrawalNo: string; amountCents: number },
  result: PayoutResult,
  now = new Date(),
): Promise<void> {
  const where = { shopId: row.shopId, withdrawalNo: row.withdrawalNo };
  await db.transaction(async (tx) => {
    if (result.state === 'PENDING') return;
    if (result.state === 'WAIT_USER_CONFIRM') {
      if (!result.packageInfo) return;
      const waiting = await move(tx, where, WithdrawalStatus.AwaitingConfirm, {
        transferPackage: result.packageInfo,
        providerBillId: result.billId,
      });
      if (!waiting) return;
      await recordEvent(tx, {
        withdrawalId: row.id,
        from: WithdrawalStatus.Approved,
        to: WithdrawalStatus.AwaitingConfirm,
        actor: 'provider',
        note: result.billId ?? '',
        now,
      });
      return;
    }
    if (result.state === 'SUCCESS') {
      const paid = await moveFromAny(tx, where, WithdrawalStatus.PaidOut, {
        paidAt: now,
        providerBillId: result.billId,
        transferPackage: null,
      });
      if (!paid) return;
      await transfer(tx, {
        id: transferId.payout(row.withdrawalNo),
        kind: TransferKind.Posted,
        debitAccountId: await keeperAccount(tx, row.shopId, row.userId, KeeperAccount.Withdrawing),
        creditAccountId: await shopAccount(tx, row.shopId, ShopAccount.Payouts),
        amountCents: row.amountCents,
        reason: TransferReason.Payout,
        withdrawalId: row.id,
        now,
      });
      await recordEvent(tx, {
        withdrawalId: row.id,
        from: paid.from,
        to: WithdrawalStatus.PaidOut,
        actor: 'provider',
        note: result.billId ?? '',
        now,
      });
      return;
    }
    const failed = await moveFromAny(tx, where, WithdrawalStatus.Failed, {
      failReason: result.failReason ?? '打款失败',
      providerBillId: result.billId,
      transferPackage: null,
    });
    if (!failed) return;
    await giveBack(tx, failed.row, now);
    await recordEvent(tx, {
      withdrawalId: row.id,
      from: failed.from,
      to: WithdrawalStatus.Failed,
      actor: 'provider',
      note: result.failReason ?? '',
      now,
    });
  });
}

/** Approved withdrawals whose payout has not been answered for a minute are asked about again. */
export async function retryPayouts(
  db: DbOrTx,
  provider: PayoutProvider | Payouts,
  now = new Date(),
): Promise<number> {
  const stuck = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, WithdrawalStatus.Approved),
        lte(withdrawals.reviewedAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .orderBy(asc(withdrawals.reviewedAt))
    .limit(100);
  let done = 0;
  for (const { id } of stuck) {
    try {
      await payOut(db, provider, id, now);
      done += 1;
    } catch (error) {
      console.error(`[withdrawals] payout ${id} not answered yet:`, (error as Error).message);
    }
  }
  return done;
}

/** How often a paid card payout's missing e-receipt is asked for, and for how long after. */
export const RECEIPT_ASK_EVERY_MS = 10 * 60_000;
const RECEIPT_ASK_FOR_MS = 30 * 24 * 3_600_000;

/**
 * A paid card withdrawal's e-receipt (电子回单), asked of the provider that paid it and kept as
 * the keeper's private file: its download link lasts minutes, the file is what a keeper may need
 * years on. The ask is claimed first by one guarded update (of two servers at once, one asks,
 * and at most once per RECEIPT_ASK_EVERY_MS), the file is fetched outside any transaction, then
 * kept only if none is yet. Answers whether it was kept now.
 */
export async function keepReceipt(
  db: DbOrTx,
  provider: PayoutProvider | null | undefined,
  withdrawalId: number,
  now = new Date(),
): Promise<boolean> {
  if (!provider?.receipt) return false;
  const [claimed] = await db
    .update(withdrawals)
    .set({ receiptAskedAt: now })
    .where(
      and(
        eq(withdrawals.id, withdrawalId),
        eq(withdrawals.status, WithdrawalStatus.PaidOut),
        eq(withdrawals.destination, 'card'),
        isNull(withdrawals.receiptMediaId),
        or(
          isNull(withdrawals.receiptAskedAt),
          lte(withdrawals.receiptAskedAt, new Date(now.getTime() - RECEIPT_ASK_EVERY_MS)),
        ),
      ),
    )
    .returning({ outBillNo: withdrawals.outBillNo, userId: withdrawals.userId });
  if (!claimed?.outBillNo) return false;
  const bytes = await provider.receipt(db, claimed.outBillNo);
  if (!bytes) return false;
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.id, withdrawalId), isNull(withdrawals.receiptMediaId)))
      .for('update');
    if (!open) return false;
    const file = await storePrivateFile(tx, { ownerUserId: claimed.userId, bytes, now });
    await tx
      .update(withdrawals)
      .set({ receiptMediaId: file.id })
      .where(eq(withdrawals.id, withdrawalId));
    return true;
  });
}

/** The timer's round: paid card payouts of the last 30 days still without their e-receipt. */
export async function collectReceipts(
  db: DbOrTx,
  provider: PayoutProvider | undefined,
  now = new Date(),
): Promise<number> {
  if (!provider?.receipt) return 0;
  const due = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, WithdrawalStatus.PaidOut),
        eq(withdrawals.destination, 'card'),
        isNull(withdrawals.receiptMediaId),
        gte(withdrawals.paidAt, new Date(now.getTime() - RECEIPT_ASK_FOR_MS)),
        or(
          isNull(withdrawals.receiptAskedAt),
          lte(withdrawals.receiptAskedAt, new Date(now.getTime() - RECEIPT_ASK_EVERY_MS)),
        ),
      ),
    )
    .orderBy(asc(withdrawals.paidAt))
    .limit(50);
  let kept = 0;
  for (const { id } of due) {
    try {
      if (await keepReceipt(db, provider, id, now)) kept += 1;
    } catch (error) {
      console.error(`[withdrawals] e-receipt of ${id} not fetched:`, (error as Error).message);
    }
  }
  return kept;
}

/** A withdrawal's kept e-receipt, for the keeper whose withdrawal it is (another's: not found). */
export async function readWithdrawalReceipt(
  db: DbOrTx,
  input: { shopId: string; userId: number; withdrawalNo: string },
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const { row } = await readWithdrawalOf(db, input);
  if (row.receiptMediaId === null) throw appError(Errors.RECEIPT_NOT_READY);
  const file = await readPrivateFile(db, { id: row.receiptMediaId, ownerUserId: input.userId });
  if (!file) throw appError(Errors.RECEIPT_NOT_READY);
  return file;
}

async function readWithdrawalOf(
  db: DbOrTx,
  where: { shopId: string; withdrawalNo: string; userId?: number },
) {
  const [row] = await db
    .select({ ...viewColumns, userId: withdrawals.userId })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.shopId, where.shopId),
        eq(withdrawals.withdrawalNo, where.withdrawalNo),
        where.userId === undefined ? undefined : eq(withdrawals.userId, where.userId),
      ),
    );
  if (!row) throw appError(Errors.WITHDRAWAL_NOT_FOUND);
  return { row, id: row.id };
}

/** cash/{id}: one of the keeper's withdrawals and its timeline (another's answers like none). */
export async function readWithdrawal(
  db: DbOrTx,
  input: { shopId: string; userId: number; withdrawalNo: string },
): Promise<WithdrawalDetail> {
  const { row, id } = await readWithdrawalOf(db, input);
  const events = await db
    .select()
    .from(withdrawalEvents)
    .where(eq(withdrawalEvents.withdrawalId, id))
    .orderBy(asc(withdrawalEvents.id));
  return {
    ...toView(row),
    timeline: events.map((e) => ({
      status: e.toStatus as WithdrawalStatus,
      text: TIMELINE_TEXT[e.toStatus as WithdrawalStatus],
      note: e.note,
      at: e.createdAt.toISOString(),
    })),
  };
}

const TIMELINE_TEXT: Record<WithdrawalStatus, string> = {
  [WithdrawalStatus.Applied]: '提交提现申请',
  [WithdrawalStatus.Approved]: '店主审核通过，打款中',
  [WithdrawalStatus.AwaitingConfirm]: '已转账到微信零钱，待确认收款',
  [WithdrawalStatus.PaidOut]: '打款成功，已到账',
  [WithdrawalStatus.Failed]: '打款失败，金额已退回钱包',
  [WithdrawalStatus.Rejected]: '审核未通过，金额已退回钱包',
};

/** The keeper's withdrawals in a shop, newest first. */
export async function listWithdrawals(
  db: DbOrTx,
  input: { shopId: string; userId: number; pageNum: number; pageSize: number },
): Promise<{ list: WithdrawalView[]; total: number }> {
  const where = and(eq(withdrawals.shopId, input.shopId), eq(withdrawals.userId, input.userId));
  const [rows, [counted]] = await Promise.all([
    db
      .select(viewColumns)
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(where),
  ]);
  return { list: rows.map(toView), total: counted!.n };
}

/** The review screen's withdrawals, and whether the reviewer decides them as owner or manager. */
export interface ReviewList {
  list: (WithdrawalView & { keeper: string })[];
  waiting: number;
  as: 'owner' | 'manager';
}

/**
 * The review screen: the withdrawals the reviewer decides (the owner: the keepers'; a manager:
 * the owner's own), those waiting for a decision first.
 */
export async function listForReview(
  db: DbOrTx,
  input: { shopId: string; reviewerId: number; status: 'waiting' | 'all' },
): Promise<ReviewList> {
  const scope = await reviewScope(db, input.shopId, input.reviewerId);
  const rows = await db
    .select({ ...viewColumns, phone: users.phone, nickname: users.nickname })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(
      and(
        eq(withdrawals.shopId, input.shopId),
        inScope(scope),
        input.status === 'waiting' ? eq(withdrawals.status, WithdrawalStatus.Applied) : undefined,
      ),
    )
    .orderBy(
      sql`case when ${withdrawals.status} = ${WithdrawalStatus.Applied} then 0 else 1 end`,
      desc(withdrawals.createdAt),
    )
    .limit(100);
  const [waiting] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.shopId, input.shopId),
        inScope(scope),
        eq(withdrawals.status, WithdrawalStatus.Applied),
      ),
    );
  return {
    list: rows.map((row) => ({
      ...toView(row),
      keeper:
        row.nickname || (row.phone ? `${row.phone.slice(0, 3)}****${row.phone.slice(-4)}` : ''),
    })),
    waiting: waiting!.n,
    as: scope.as,
  };
}

/** A movement of the keeper's wallet (我的钱包): one transfer touching their accounts. */
export interface WalletMovement {
  id: string;
  text: string;
  /** Signed: what it added to (positive) or took from (negative) 可提现 or 待结算. */
  amountCents: number;
  pending: boolean;
  at: string;
}

/** The wallet: balances and the movements of 可提现 and 待结算, newest first. */
export async function readWallet(
  db: DbOrTx,
  input: { shopId: string; userId: number; pageNum: number; pageSize: number },
) {
  const balances = await keeperBalances(db, input.shopId, input.userId);
  const [available] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.shopId, input.shopId),
        eq(ledgerAccounts.userId, input.userId),
        eq(ledgerAccounts.kind, KeeperAccount.Available),
      ),
    );
  if (!available) return { balances, movements: [] as WalletMovement[], total: 0 };
  const touches = or(
    eq(ledgerTransfers.debitAccountId, available.id),
    eq(ledgerTransfers.creditAccountId, available.id),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(ledgerTransfers)
      .where(touches)
      .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransfers)
      .where(touches),
  ]);
  const movements = rows.map((t): WalletMovement => {
    const into = t.creditAccountId === available.id;
    // A settlement moves money from 待结算 into 可提现; a void takes it out of 待结算.
    const sign =
      t.kind === TransferKind.Void ? -1 : t.kind === TransferKind.Post ? 1 : into ? 1 : -1;
    return {
      id: t.id,
      text: MOVEMENT_TEXT[t.reason],
      amountCents: sign * t.amountCents,
      pending: t.kind === TransferKind.Pending || t.kind === TransferKind.Void,
      at: t.createdAt.toISOString(),
    };
  });
  return { balances, movements, total: counted!.n };
}

/** How many withdrawals wait for this reviewer's decision; null for anybody who reviews none. */
export async function waitingWithdrawals(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<number | null> {
  const scope = await reviewScope(db, shopId, userId).catch(() => null);
  if (!scope) return null;
  const [waiting] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.shopId, shopId),
        inScope(scope),
        eq(withdrawals.status, WithdrawalStatus.Applied),
      ),
    );
  return waiting!.n;
}

/**
 * 云账户's notification of a card payout's order (yunzhanghu/payouts.server.ts): the withdrawal
 * it names is told the outcome, once. Answers the text the platform expects: `success` once
 * handled; anything forged, unreadable or naming no card withdrawal is refused.
 */
export async function receiveCardPayoutNotification(
  db: DbOrTx,
  form: URLSearchParams,
  now = new Date(),
): Promise<Response> {
  const handled = await receiveOrderNotification(db, form, async (outBillNo, result) => {
    const [row] = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.outBillNo, outBillNo), eq(withdrawals.destination, 'card')));
    if (row) await applyPayoutResult(db, row, result, now);
  });
  if (!handled.ok) console.error('[withdrawals] 云账户 notification refused: signature or data');
  return new Response(handled.ok ? 'success' : 'fail', {
    status: handled.ok ? 200 : 400,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}
