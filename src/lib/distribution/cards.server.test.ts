/**
 * A shop keeper's bank cards on an empty migrated database (PGlite): a personal card is checked
 * (Luhn, bank, verified real name, holder = that name, each number once, at most five), kept
 * encrypted and shown masked; an enterprise account is confirmed by the small amount the payout
 * sandbox sent (three tries, then failed); a card with a withdrawal under review cannot be
 * removed; another keeper's card answers like none. The ledger stays sound throughout.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenMember, givenShop } from '#tests/fixtures/given.ts';
import { givenCertifiedKeeper } from '#tests/fixtures/certified.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { Errors } from '#lib/errors.ts';
import { saveRealName } from '#lib/identity/real-name.server.ts';
import { bindCardWithCode, reservedPhone } from '#tests/fixtures/cards.ts';
import { readOutbox } from '#lib/identity/sms/outbox.server.ts';
import {
  bindPersonalCard,
  cardNumberOf,
  listBankCards,
  readBankCard,
  removeBankCard,
  saveVerifiedCard,
  sendCardCode,
  startEnterpriseCard,
  verifyBillNo,
  verifyEnterpriseCard,
} from './cards.server.ts';
import { sandboxPayouts } from './payouts.server.ts';
import {
  auditLedger,
  keeperAccount,
  resolvePending,
  shopAccount,
  transfer,
} from '../commission/ledger.server.ts';
import { KeeperAccount, ShopAccount, TransferKind, TransferReason } from '../commission/ledger.ts';
import { applyWithdrawal, reviewWithdrawal } from './withdrawals.server.ts';
import { luhnValid } from './withdrawal.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
});
afterAll(() => database.close());

const REAL_NAME = { name: '欧阳娜娜', idNumber: '11010519491231002x' };
/** The demo's ICBC debit card (its prefix names the bank). */
const ICBC_CARD = '6212261202011584340';

/** `body` completed with its Luhn check digit. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d += 1) {
    if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  }
  throw new Error('unreachable');
}

/** A keeper of a new shop, with a verified real name unless told otherwise. */
async function givenKeeper(options: { verified?: boolean } = {}) {
  const shop = await givenShop(db);
  const keeper = await givenMember(db, shop.shopId, { role: 3 });
  if (options.verified !== false) await saveRealName(db, keeper.id, REAL_NAME);
  return { shop, keeper };
}

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 0,
    (error: { code?: number }) => error.code,
  );

/** The amount the sandbox sent to an enterprise card. */
async function sentAmount(cardId: number): Promise<number> {
  const [bill] = await db
    .select()
    .from(t.sandboxPayoutBills)
    .where(eq(t.sandboxPayoutBills.outBillNo, `VF${cardId}`));
  return bill!.amountCents;
}

async function sound(): Promise<void> {
  expect(await auditLedger(db)).toEqual([]);
}

describe('bindPersonalCard', () => {
  it('binds a card in the keeper’s verified name: bank recognised, number encrypted and masked', async () => {
    const { keeper } = await givenKeeper();
    const card = await bindCardWithCode(db, {
      userId: keeper.id,
      cardNo: '6212 2612 0201 1584 340',
    });
    expect(card).toMatchObject({
      kind: 'personal',
      bankCode: 'ICBC',
      bankName: '中国工商银行',
      cardNoMasked: '6212 **** **** 4340',
      status: 'bound',
    });
    const [row] = await db.select().from(t.bankCards).where(eq(t.bankCards.id, card.id));
    expect(row!.cardNoCipher).not.toContain(ICBC_CARD);
    expect(row!.cardNoCipher).not.toContain('1584');
    expect(row!.cardNoHash).not.toContain(ICBC_CARD);
    // The payout reads the number back.
    expect((await cardNumberOf(db, card.id)).cardNo).toBe(ICBC_CARD);
    expect(await listBankCards(db, keeper.id)).toEqual([card]);
    await sound();
  });

  it('refuses a number failing the Luhn check: 47007', async () => {
    const { keeper } = await givenKeeper();
    await expect(
      bindCardWithCode(db, {
        userId: keeper.id,
        cardNo: '6212261202011584341',
      }),
    ).rejects.toMatchObject({ code: 47007, message: '银行卡号有误，请核对后重新输入' });
    await expect(
      bindCardWithCode(db, { userId: keeper.id, cardNo: '62122612' }),
    ).rejects.toMatchObject({ code: 47007 });
    expect(await listBankCards(db, keeper.id)).toEqual([]);
  });

  it('asks for the bank of a number it does not recognise (47010), and takes the one chosen', async () => {
    const { keeper } = await givenKeeper();
    const unknown = withCheckDigit('999999123456789012');
    await expect(
      bindCardWithCode(db, { userId: keeper.id, cardNo: unknown }),
    ).rejects.toMatchObject({ code: 47010, message: '请选择开户银行' });
    await expect(
      bindCardWithCode(db, {
        userId: keeper.id,
        cardNo: unknown,
        bankCode: 'NOPE',
      }),
    ).rejects.toMatchObject({ code: 47010 });
    const card = await bindCardWithCode(db, {
      userId: keeper.id,
      cardNo: unknown,
      bankCode: 'CMB',
    });
    expect(card).toMatchObject({ bankCode: 'CMB', bankName: '招商银行' });
    // A recognised number keeps its own bank whatever was chosen.
    const icbc = await bindCardWithCode(db, {
      userId: keeper.id,
      cardNo: ICBC_CARD,
      bankCode: 'CMB',
    });
    expect(icbc.bankCode).toBe('ICBC');
  });

  it('needs a verified real name (47009), and holds the card in that name', async () => {
    const { keeper } = await givenKeeper({ verified: false });
    await expect(
      bindCardWithCode(db, { userId: keeper.id, cardNo: ICBC_CARD }),
    ).rejects.toMatchObject({ code: 47009, message: '请先完成实名认证' });
    expect(await listBankCards(db, keeper.id)).toEqual([]);
    await saveRealName(db, keeper.id, REAL_NAME);
    // Whatever a client adds to the call, the holder is the verified name.
    const card = await bindCardWithCode(db, {
      userId: keeper.id,
      cardNo: ICBC_CARD,
      ...{ holderName: '欧阳菲菲' },
    });
    expect(card.holderName).toBe('欧阳娜娜');
    expect((await cardNumberOf(db, card.id)).holderName).toBe('欧阳娜娜');
  });

  it('saves a card checked elsewhere (the demo’s) only in a verified name', async () => {
    const { keeper } = await givenKeeper({ verified: false });
    await expect(
      saveVerifiedCard(db, { userId: keeper.id, digits: ICBC_CARD, bankCode: 'ICBC' }),
    ).rejects.toMatchObject({ code: 47009 });
    await saveRealName(db, keeper.id, REAL_NAME);
    const card = await saveVerifiedCard(db, {
      userId: keeper.id,
      digits: ICBC_CARD,
      bankCode: 'ICBC',
    });
    expect(card).toMatchObject({ holderName: '欧阳娜娜', status: 'bound' });
  });

  it('binds a number once (47011) and at most five cards (47012); a removed card frees its place', async () => {
    const { keeper } = await givenKeeper();
    const bind = (cardNo: string) => bindCardWithCode(db, { userId: keeper.id, cardNo });
    const first = await bind(ICBC_CARD);
    await expect(bind(ICBC_CARD)).rejects.toMatchObject({ code: 47011, message: '该银行卡已绑定' });
    for (let i = 1; i <= 4; i += 1) await bind(withCheckDigit(`62170012345678900${i}`));
    expect(await listBankCards(db, keeper.id)).toHaveLength(5);
    await expect(bind(withCheckDigit('621700123456789009'))).rejects.toMatchObject({
      code: 47012,
      message: '最多绑定5张银行卡',
    });
    await removeBankCard(db, { userId: keeper.id, cardId: first.id });
    expect((await listBankCards(db, keeper.id)).map((c) => c.id)).not.toContain(first.id);
    // The removed number may be bound again.
    expect((await bind(ICBC_CARD)).cardNoMasked).toBe('6212 **** **** 4340');
  });

  it('lets another keeper bind the same number (each keeper’s cards are their own)', async () => {
    const a = await givenKeeper();
    const b = await givenKeeper();
    await bindCardWithCode(db, { userId: a.keeper.id, cardNo: ICBC_CARD });
    const card = await bindCardWithCode(db, {
      userId: b.keeper.id,
      cardNo: ICBC_CARD,
    });
    expect(await listBankCards(db, b.keeper.id)).toEqual([card]);
  });
});

describe('the code to the bank’s phone', () => {
  it('checks the card before sending, then binds only with the code sent to that phone', async () => {
    const { shop, keeper } = await givenKeeper();
    const phone = reservedPhone();
    const send = (cardNo: string) =>
      sendCardCode(db, { userId: keeper.id, shopId: shop.shopId, cardNo, phone, clientIp: null });
    // A credit card is refused before anything is sent.
    expect(await codeOf(send(withCheckDigit('622575123456789012')))).toBe(47022);
    expect(Errors.CARD_NOT_DEBIT.message).toBe('仅支持本人储蓄卡（借记卡），请更换银行卡');
    expect(await readOutbox(db, phone)).toEqual([]);
    expect(await send(ICBC_CARD)).toEqual({ phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
    const [message] = await readOutbox(db, phone);
    expect(message!.text).toContain('您正在绑定银行卡用于店主提现');
    const bind = (verifyCode: string, to = phone, userId = keeper.id) =>
      bindPersonalCard(db, { userId, cardNo: ICBC_CARD, phone: to, verifyCode, clientIp: null });
    const wrong = message!.code === '000000' ? '111111' : '000000';
    expect(await codeOf(bind(wrong))).toBe(Errors.SMS_CODE_INVALID.code);
    // Another phone, or another keeper, cannot use it.
    expect(await codeOf(bind(message!.code!, reservedPhone()))).toBe(40010);
    const other = await givenKeeper();
    expect(await codeOf(bind(message!.code!, phone, other.keeper.id))).toBe(40010);
    expect(await listBankCards(db, keeper.id)).toEqual([]);
    const card = await bind(message!.code!);
    expect(card).toMatchObject({ bankCode: 'ICBC', holderName: '欧阳娜娜', status: 'bound' });
    // A code is used once.
    expect(await codeOf(bind(message!.code!))).toBe(40010);
  });
});

describe('enterprise cards', () => {
  const start = (userId: number, accountNo = '110060149018800012345') =>
    startEnterpriseCard(db, sandboxPayouts, {
      userId,
      companyName: '杭州小满贸易有限公司',
      accountNo,
      bankCode: 'CCB',
    });

  it('is saved verifying, the sandbox sends an amount, and entering it binds the card', async () => {
    const { keeper } = await givenKeeper({ verified: false });
    const card = await start(keeper.id);
    expect(card).toMatchObject({
      kind: 'enterprise',
      bankName: '中国建设银行',
      cardNoMasked: '1100 **** **** 2345',
      status: 'verifying',
    });
    expect(verifyBillNo(card.id)).toBe(`VF${card.id}`);
    const amount = await sentAmount(card.id);
    expect(amount).toBeGreaterThanOrEqual(1);
    expect(amount).toBeLessThanOrEqual(99);
    expect(await sandboxPayouts.sandboxVerifyAmount!(db, `VF${card.id}`)).toBe(amount);
    const bound = await verifyEnterpriseCard(db, {
      userId: keeper.id,
      cardId: card.id,
      amountCents: amount,
    });
    expect(bound.status).toBe('bound');
    // Once bound there is nothing to verify.
    await expect(
      verifyEnterpriseCard(db, { userId: keeper.id, cardId: card.id, amountCents: amount }),
    ).rejects.toMatchObject({ code: 47015 });
    await sound();
  });

  it('a wrong amount leaves a try fewer (47013); the third wrong one fails the card (47014)', async () => {
    const { keeper } = await givenKeeper();
    const card = await start(keeper.id, '3301040160000123456');
    const amount = await sentAmount(card.id);
    const wrong = amount === 1 ? 2 : amount - 1;
    const tries = async () =>
      (await db.select().from(t.bankCards).where(eq(t.bankCards.id, card.id)))[0]!.verifyTriesLeft;
    expect(await tries()).toBe(3);
    const verify = (amountCents: number) =>
      verifyEnterpriseCard(db, { userId: keeper.id, cardId: card.id, amountCents });
    await expect(verify(wrong)).rejects.toMatchObject({
      code: 47013,
      message: '验证金额不正确，请核对到账金额',
    });
    expect(await tries()).toBe(2);
    await expect(verify(wrong)).rejects.toMatchObject({ code: 47013 });
    expect(await tries()).toBe(1);
    await expect(verify(wrong)).rejects.toMatchObject({
      code: 47014,
      message: '验证次数已用完，请重新绑定',
    });
    expect((await readBankCard(db, keeper.id, card.id)).status).toBe('failed');
    // Even the right amount is refused now.
    await expect(verify(amount)).rejects.toMatchObject({ code: 47014 });
    expect((await readBankCard(db, keeper.id, card.id)).status).toBe('failed');
  });

  it('another keeper cannot verify it (40418)', async () => {
    const { keeper } = await givenKeeper();
    const other = await givenKeeper();
    const card = await start(keeper.id, '3301040160000654321');
    const amount = await sentAmount(card.id);
    await expect(
      verifyEnterpriseCard(db, { userId: other.keeper.id, cardId: card.id, amountCents: amount }),
    ).rejects.toMatchObject({ code: 40418, message: '银行卡不存在' });
    expect((await readBankCard(db, keeper.id, card.id)).status).toBe('verifying');
  });

  it('refuses a short account (47007), an unknown bank (47010) and a bad company name (47017)', async () => {
    const { keeper } = await givenKeeper();
    const input = {
      userId: keeper.id,
      companyName: '杭州小满贸易有限公司',
      accountNo: '110060149018800012345',
      bankCode: 'CCB',
    };
    await expect(
      startEnterpriseCard(db, sandboxPayouts, { ...input, accountNo: '1234567' }),
    ).rejects.toMatchObject({ code: 47007 });
    await expect(
      startEnterpriseCard(db, sandboxPayouts, { ...input, bankCode: 'XYZ' }),
    ).rejects.toMatchObject({ code: 47010 });
    await expect(
      startEnterpriseCard(db, sandboxPayouts, { ...input, companyName: '<b>' }),
    ).rejects.toMatchObject({ code: 47017 });
    expect(await listBankCards(db, keeper.id)).toEqual([]);
  });
});

describe('removeBankCard', () => {
  it('refuses while a withdrawal to the card is under review (47016), allows it once decided', async () => {
    const { shop, keeper } = await givenKeeper();
    await givenCertifiedKeeper(db, shop.shopId, keeper.id, REAL_NAME);
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
        amountCents: 5_000,
        reason: TransferReason.Commission,
        now: new Date(),
      });
      await resolvePending(tx, {
        id: `settle:${id}`,
        pendingId: id,
        kind: TransferKind.Post,
        reason: TransferReason.Settle,
        now: new Date(),
      });
    });
    const { withdrawalNo } = await applyWithdrawal(db, {
      shopId: shop.shopId,
      userId: keeper.id,
      amountCents: 2_000,
      bankCardId: card.id,
      idempotencyKey: 'remove-busy',
    });
    await expect(removeBankCard(db, { userId: keeper.id, cardId: card.id })).rejects.toMatchObject({
      code: 47016,
      message: '该银行卡有提现处理中，暂不能解绑',
    });
    expect(await listBankCards(db, keeper.id)).toHaveLength(1);
    // Nor is another card bound while the money is on its way (47023), and no code is sent.
    const phone = reservedPhone();
    expect(
      await codeOf(
        sendCardCode(db, {
          userId: keeper.id,
          shopId: shop.shopId,
          cardNo: withCheckDigit('621700123456789012'),
          phone,
          clientIp: null,
        }),
      ),
    ).toBe(47023);
    expect(await readOutbox(db, phone)).toEqual([]);
    expect(
      await codeOf(
        bindCardWithCode(db, { userId: keeper.id, cardNo: withCheckDigit('621700123456789012') }),
      ),
    ).toBe(47023);
    expect(await listBankCards(db, keeper.id)).toHaveLength(1);
    await reviewWithdrawal(db, sandboxPayouts, {
      shopId: shop.shopId,
      reviewerId: shop.ownerId,
      withdrawalNo,
      approve: false,
      reason: '信息有误',
    });
    await removeBankCard(db, { userId: keeper.id, cardId: card.id });
    expect(await listBankCards(db, keeper.id)).toEqual([]);
    await expect(readBankCard(db, keeper.id, card.id)).rejects.toMatchObject({ code: 40418 });
    await sound();
  });

  it('another keeper’s card answers like none (40418) and stays', async () => {
    const { keeper } = await givenKeeper();
    const other = await givenKeeper();
    const card = await bindCardWithCode(db, {
      userId: keeper.id,
      cardNo: ICBC_CARD,
    });
    expect(await codeOf(removeBankCard(db, { userId: other.keeper.id, cardId: card.id }))).toBe(
      Errors.BANK_CARD_NOT_FOUND.code,
    );
    await expect(readBankCard(db, other.keeper.id, card.id)).rejects.toMatchObject({
      code: 40418,
    });
    expect(await listBankCards(db, keeper.id)).toEqual([card]);
    expect(await listBankCards(db, other.keeper.id)).toEqual([]);
  });
});

describe('binding an enterprise account again after its verification failed', () => {
  it('retires the failed card and starts a new verification (验证失败 → 重新绑定)', async () => {
    const { keeper } = await givenKeeper();
    const input = {
      userId: keeper.id,
      companyName: '杭州小满贸易有限公司',
      accountNo: '3301040160000777777',
      bankCode: 'CCB',
    };
    const failed = await startEnterpriseCard(db, sandboxPayouts, input);
    const amount = await sentAmount(failed.id);
    const wrong = amount === 1 ? 2 : amount - 1;
    for (let i = 0; i < 3; i += 1) {
      await verifyEnterpriseCard(db, {
        userId: keeper.id,
        cardId: failed.id,
        amountCents: wrong,
      }).catch(() => {});
    }
    expect((await readBankCard(db, keeper.id, failed.id)).status).toBe('failed');
    const again = await startEnterpriseCard(db, sandboxPayouts, input);
    expect(again.status).toBe('verifying');
    expect((await listBankCards(db, keeper.id)).map((c) => c.id)).toEqual([again.id]);
    const bound = await verifyEnterpriseCard(db, {
      userId: keeper.id,
      cardId: again.id,
      amountCents: await sentAmount(again.id),
    });
    expect(bound.status).toBe('bound');
  });
});
