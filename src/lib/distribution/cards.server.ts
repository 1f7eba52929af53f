/**
 * A shop keeper's bank cards (银行卡): a personal card is held in their verified real name (taken
 * from 实名认证, not typed) and its number passes the Luhn check; the bank is recognised from the number or chosen. An
 * enterprise account is confirmed by the small amount the payout provider sends to it. Numbers
 * are kept encrypted (payouts need them), masked for display, hashed to find a card again.
 */
import { createHash } from 'node:crypto';
import { type SQL, and, count, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import { bankCards, withdrawals } from '#lib/platform/db/schema.ts';
import { serverSecret } from '#lib/platform/secrets.server.ts';
import { LockClass, lockForTransaction } from '#lib/platform/db/locks.server.ts';
import type { FaceidOptions } from '#lib/identity/index.server.ts';
import {
  bankCardIsDebit,
  checkBankCardOwner,
  consumeCode,
  decryptValue,
  encryptValue,
  issueCode,
  verifiedRealName,
  type SmsPurpose,
} from '#lib/identity/index.server.ts';
import { shopSignature } from '#lib/shop/index.server.ts';
import { maskPhone } from '#lib/identity/index.ts';
import { WithdrawalStatus } from './status.ts';
import {
  type BankCode,
  ENTERPRISE_VERIFY_TRIES,
  MAX_BANK_CARDS,
  bankName,
  cleanCardNumber,
  isCreditPrefix,
  luhnValid,
  maskCardNumber,
  recogniseBank,
} from './withdrawal.ts';
import type { PayoutProvider } from './payouts.server.ts';

export interface BankCardView {
  id: number;
  kind: 'personal' | 'enterprise';
  bankCode: string;
  bankName: string;
  holderName: string;
  cardNoMasked: string;
  status: 'bound' | 'verifying' | 'failed';
}

async function cardKey(db: DbOrTx): Promise<Buffer> {
  return createHash('sha256')
    .update(await serverSecret(db, 'bank-card-key'))
    .digest();
}

const numberHash = (key: Buffer, digits: string) =>
  createHash('sha256').update(key).update(digits).digest('hex');

const view = {
  id: bankCards.id,
  kind: bankCards.kind,
  bankCode: bankCards.bankCode,
  bankName: bankCards.bankName,
  holderName: bankCards.holderName,
  cardNoMasked: bankCards.cardNoMasked,
  status: bankCards.status,
};

/** The keeper's cards, newest first (removed ones left out). */
export async function listBankCards(db: DbOrTx, userId: number): Promise<BankCardView[]> {
  return db
    .select(view)
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), isNull(bankCards.removedAt)))
    .orderBy(bankCards.id);
}

export async function readBankCard(
  db: DbOrTx,
  userId: number,
  cardId: number,
): Promise<BankCardView> {
  const [card] = await db
    .select(view)
    .from(bankCards)
    .where(
      and(eq(bankCards.id, cardId), eq(bankCards.userId, userId), isNull(bankCards.removedAt)),
    );
  if (!card) throw appError(Errors.BANK_CARD_NOT_FOUND);
  return card;
}

/** The full number of a card, for a payout. */
export async function cardNumberOf(
  db: DbOrTx,
  cardId: number,
): Promise<{
  cardNo: string;
  cardNoHash: string;
  holderName: string;
  bankCode: string;
  kind: 'personal' | 'enterprise';
}> {
  const [card] = await db.select().from(bankCards).where(eq(bankCards.id, cardId));
  if (!card) throw appError(Errors.BANK_CARD_NOT_FOUND);
  return {
    cardNo: decryptValue(await cardKey(db), card.cardNoCipher),
    cardNoHash: card.cardNoHash,
    holderName: card.holderName,
    bankCode: card.bankCode,
    kind: card.kind,
  };
}

/** Saves a card under the keeper's lock: at most MAX_BANK_CARDS, each number once. */
async function saveCard(
  db: DbOrTx,
  values: Omit<typeof bankCards.$inferInsert, 'cardNoCipher' | 'cardNoHash' | 'cardNoMasked'> & {
    digits: string;
  },
): Promise<BankCardView> {
  const key = await cardKey(db);
  const { digits, ...rest } = values;
  const hash = numberHash(key, digits);
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LockClass.bankCards, String(values.userId));
    const live = and(eq(bankCards.userId, values.userId), isNull(bankCards.removedAt));
    // An account whose verification failed is bound again (验证失败 → 重新绑定): the failed
    // card is retired rather than refusing the number as already bound.
    await tx
      .update(bankCards)
      .set({ removedAt: new Date() })
      .where(and(live, eq(bankCards.cardNoHash, hash), eq(bankCards.status, 'failed')));
    const [same] = await tx
      .select({ id: bankCards.id })
      .from(bankCards)
      .where(and(live, eq(bankCards.cardNoHash, hash)));
    if (same) throw appError(Errors.CARD_ALREADY_BOUND);
    // A personal card is asked again as it is saved: a withdrawal applied since is seen. (An
    // enterprise account pays nothing until its small amount is confirmed.)
    if (values.kind === 'personal' && (await withdrawalInFlight(tx, values.userId))) {
      throw appError(Errors.CARD_CHANGE_WITHDRAWING);
    }
    const [held] = await tx.select({ n: count() }).from(bankCards).where(live);
    if (held!.n >= MAX_BANK_CARDS) throw appError(Errors.CARD_TOO_MANY);
    const [card] = await tx
      .insert(bankCards)
      .values({
        ...rest,
        cardNoCipher: encryptValue(key, digits),
        cardNoHash: hash,
        cardNoMasked: maskCardNumber(digits),
      })
      .returning(view);
    return card!;
  });
}

/**
 * The holder of a keeper's personal card: their verified real name, never a name the client
 * sends (the card page says so, and a card bound before 实名认证 cannot exist).
 */
async function cardHolder(db: DbOrTx, userId: number): Promise<string> {
  const name = await verifiedRealName(db, userId);
  if (name === null) throw appError(Errors.CARD_NEEDS_REAL_NAME);
  return name;
}

/** A personal card checked elsewhere (the demo's): saved bound, as bindPersonalCard saves it. */
export async function saveVerifiedCard(
  db: DbOrTx,
  input: {
    userId: number;
    digits: string;
    bankCode: BankCode;
    createdAt?: Date;
  },
): Promise<BankCardView> {
  return saveCard(db, {
    userId: input.userId,
    kind: 'personal',
    bankCode: input.bankCode,
    bankName: bankName(input.bankCode)!,
    holderName: await cardHolder(db, input.userId),
    status: 'bound',
    digits: input.digits,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  });
}

/** The SMS code of a card binding: the keeper's own, sent to the phone the bank holds. */
const cardPurpose = (userId: number): SmsPurpose => `card:${userId}`;

/** A withdrawal of the keeper's being paid: cards do not change under it. */
async function withdrawalInFlight(db: DbOrTx, userId: number): Promise<boolean> {
  const [busy] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        inArray(withdrawals.status, [WithdrawalStatus.Applied, WithdrawalStatus.Approved]),
      ),
    )
    .limit(1);
  return busy !== undefined;
}

/**
 * A personal card as the keeper typed it, checked before anything is sent or asked: the Luhn
 * check, the bank (from the number, else the one chosen), a debit card (the identity provider's
 * answer where it knows, else the known credit prefixes), held in the keeper's verified name, and
 * no withdrawal of theirs under way.
 */
async function personalCard(
  db: DbOrTx,
  input: { userId: number; cardNo: string; bankCode?: string | undefined },
  identity: FaceidOptions,
) {
  const digits = cleanCardNumber(input.cardNo);
  if (!luhnValid(digits)) throw appError(Errors.CARD_NUMBER_INVALID);
  if (isCreditPrefix(digits)) throw appError(Errors.CARD_NOT_DEBIT);
  const bankCode = recogniseBank(digits) ?? input.bankCode ?? null;
  const bank = bankCode ? bankName(bankCode) : null;
  if (!bankCode || !bank) throw appError(Errors.CARD_BANK_UNKNOWN);
  const holderName = await cardHolder(db, input.userId);
  if (await withdrawalInFlight(db, input.userId)) throw appError(Errors.CARD_CHANGE_WITHDRAWING);
  const debit = await bankCardIsDebit(db, { userId: input.userId, cardNo: digits }, identity);
  if (debit === false) throw appError(Errors.CARD_NOT_DEBIT);
  return { digits, bankCode, bank, holderName };
}

/**
 * 获取验证码 of 绑定银行卡: the card is checked, then a code goes to the phone the keeper says
 * the bank holds for it. Answers the phone masked.
 */
export async function sendCardCode(
  db: DbOrTx,
  input: {
    userId: number;
    shopId: string;
    cardNo: string;
    bankCode?: string | undefined;
    phone: string;
    clientIp: string | null;
  },
  identity: FaceidOptions = {},
): Promise<{ phone: string }> {
  await personalCard(db, input, identity);
  await issueCode(db, {
    phone: input.phone,
    purpose: cardPurpose(input.userId),
    clientIp: input.clientIp,
    signature: await shopSignature(db, input.shopId),
  });
  return { phone: maskPhone(input.phone) };
}

/**
 * 绑定银行卡: a personal debit card, held in the keeper's verified real name, with the code sent
 * to the bank's phone for it (it proves the keeper holds that phone); with the tencentcloud
 * identity provider the bank then confirms holder, ID number, card and that phone (four
 * elements). Checked again as it is saved: no withdrawal of the keeper's under way.
 */
export async function bindPersonalCard(
  db: DbOrTx,
  input: {
    userId: number;
    cardNo: string;
    bankCode?: string | undefined;
    phone: string;
    verifyCode: string;
    clientIp: string | null;
  },
  identity: FaceidOptions = {},
): Promise<BankCardView> {
  const card = await personalCard(db, input, identity);
  const codeRight = await consumeCode(db, {
    phone: input.phone,
    code: input.verifyCode,
    purpose: cardPurpose(input.userId),
    clientIp: input.clientIp,
  });
  if (!codeRight) throw appError(Errors.SMS_CODE_INVALID);
  await checkBankCardOwner(
    db,
    { userId: input.userId, cardNo: card.digits, phone: input.phone },
    identity,
  );
  return saveCard(db, {
    userId: input.userId,
    kind: 'personal',
    bankCode: card.bankCode,
    bankName: card.bank,
    holderName: card.holderName,
    status: 'bound',
    digits: card.digits,
  });
}

/** 企业银行卡: saved as verifying; the provider sends a small amount the keeper then enters. */
export async function startEnterpriseCard(
  db: DbOrTx,
  provider: PayoutProvider,
  input: { userId: number; companyName: string; accountNo: string; bankCode: string },
): Promise<BankCardView> {
  const digits = cleanCardNumber(input.accountNo);
  if (!/^\d{8,30}$/.test(digits)) throw appError(Errors.CARD_NUMBER_INVALID);
  const bank = bankName(input.bankCode);
  if (!bank) throw appError(Errors.CARD_BANK_UNKNOWN);
  const companyName = input.companyName.trim();
  if (!/^[\p{Script=Han}A-Za-z0-9（）()·\s]{2,50}$/u.test(companyName)) {
    throw appError(Errors.ENTERPRISE_NAME_INVALID);
  }
  const card = await saveCard(db, {
    userId: input.userId,
    kind: 'enterprise',
    bankCode: input.bankCode,
    bankName: bank,
    holderName: companyName,
    status: 'verifying',
    verifyTriesLeft: ENTERPRISE_VERIFY_TRIES,
    digits,
  });
  const key = await cardKey(db);
  const amount = await provider.sendVerifyAmount(db, {
    outBillNo: verifyBillNo(card.id),
    cardNo: digits,
    cardNoHash: numberHash(key, digits),
    holderName: companyName,
    bankCode: input.bankCode,
  });
  await db
    .update(bankCards)
    .set({ verifyAmountHash: numberHash(key, `verify:${card.id}:${amount}`) })
    .where(eq(bankCards.id, card.id));
  return card;
}

/** The statuses a card may leave for each status: an enterprise account's verification ends once. */
const CARD_MOVES_FROM: Record<CardStatus, CardStatus[]> = {
  bound: ['verifying'],
  failed: ['verifying'],
  verifying: [],
};
type CardStatus = BankCardView['status'];

/** The one change of a card's status: a guarded UPDATE from the statuses allowed to lead there. */
async function moveCard(tx: Tx, where: SQL | undefined, to: CardStatus): Promise<boolean> {
  const [moved] = await tx
    .update(bankCards)
    .set({ status: to, verifyAmountHash: null })
    .where(and(where, inArray(bankCards.status, CARD_MOVES_FROM[to])))
    .returning({ id: bankCards.id });
  return moved !== undefined;
}

/** The out_bill_no of an enterprise card's verification payment. */
export const verifyBillNo = (cardId: number) => `VF${cardId}`;

/**
 * 验证企业银行卡: the amount received, in cents. Each try is first consumed by one guarded
 * UPDATE (tries left above zero, still verifying), which locks the card until the answer is
 * written, so sending every amount at once still gets three tries. Right → bound; wrong → one
 * try fewer, and none left → failed (bind again). What it answers is what the card became.
 */
export async function verifyEnterpriseCard(
  db: DbOrTx,
  input: { userId: number; cardId: number; amountCents: number },
): Promise<BankCardView> {
  const key = await cardKey(db);
  const theCard = and(
    eq(bankCards.id, input.cardId),
    eq(bankCards.userId, input.userId),
    isNull(bankCards.removedAt),
  );
  const outcome = await db.transaction(async (tx) => {
    const [tried] = await tx
      .update(bankCards)
      .set({ verifyTriesLeft: sql`${bankCards.verifyTriesLeft} - 1` })
      .where(and(theCard, eq(bankCards.status, 'verifying'), gt(bankCards.verifyTriesLeft, 0)))
      .returning({ triesLeft: bankCards.verifyTriesLeft, amountHash: bankCards.verifyAmountHash });
    if (!tried) return 'no-try' as const;
    const right =
      tried.amountHash === numberHash(key, `verify:${input.cardId}:${input.amountCents}`);
    // The try just taken was within the limit: the guard holds it to that.
    const withinLimit = and(theCard, gte(bankCards.verifyTriesLeft, 0));
    if (right && (await moveCard(tx, withinLimit, 'bound'))) return 'bound' as const;
    if (tried.triesLeft > 0) return 'wrong' as const;
    await moveCard(tx, theCard, 'failed');
    return 'failed' as const;
  });
  if (outcome === 'bound') return readBankCard(db, input.userId, input.cardId);
  if (outcome === 'wrong') throw appError(Errors.CARD_VERIFY_WRONG);
  if (outcome === 'failed') throw appError(Errors.CARD_VERIFY_LOCKED);
  // No try was left to take: say why, from the card as it is.
  const card = await readBankCard(db, input.userId, input.cardId);
  if (card.status === 'bound') throw appError(Errors.CARD_NOT_VERIFYING);
  throw appError(Errors.CARD_VERIFY_LOCKED);
}

/**
 * 解绑: not while a withdrawal to the card is under way. The card is locked first, so a withdrawal
 * being applied to it (which holds it FOR SHARE) is seen, or sees the card gone.
 */
export async function removeBankCard(
  db: DbOrTx,
  input: { userId: number; cardId: number; now?: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [card] = await tx
      .select({ id: bankCards.id })
      .from(bankCards)
      .where(
        and(
          eq(bankCards.id, input.cardId),
          eq(bankCards.userId, input.userId),
          isNull(bankCards.removedAt),
        ),
      )
      .for('update');
    if (!card) throw appError(Errors.BANK_CARD_NOT_FOUND);
    const [busy] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.bankCardId, input.cardId),
          inArray(withdrawals.status, [WithdrawalStatus.Applied, WithdrawalStatus.Approved]),
        ),
      )
      .limit(1);
    if (busy) throw appError(Errors.CARD_IN_USE);
    await tx
      .update(bankCards)
      .set({ removedAt: input.now ?? new Date() })
      .where(eq(bankCards.id, input.cardId));
  });
}
