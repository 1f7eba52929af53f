/**
 * The enterprise bank card's three tries on a real PostgreSQL server (issue #27): a keeper who
 * sends all 99 possible amounts at once, over the pool's connections, gets three tries and no
 * more. The card is bound only when the right amount was one of the three tries consumed; every
 * answer agrees with the card as it ends (验证成功 only for a bound card); a withdrawal to a card
 * that is not bound is refused. 解绑 racing a withdrawal to the card: one of them, never a
 * withdrawal under way to a removed card.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { keeperAccount, shopAccount, transfer } from '#lib/commission/ledger.server.ts';
import {
  KeeperAccount,
  ShopAccount,
  TransferKind,
  TransferReason,
} from '#lib/commission/ledger.ts';
import {
  type BankCardView,
  removeBankCard,
  startEnterpriseCard,
  verifyBillNo,
  verifyEnterpriseCard,
} from '#lib/distribution/cards.server.ts';
import { applyWithdrawal } from '#lib/distribution/withdrawals.server.ts';
import { sandboxPayouts } from '#lib/distribution/payouts.server.ts';
import { Errors } from '#lib/errors.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { givenMember, givenShop } from '../fixtures/given.ts';
import { givenCertifiedKeeper } from '../fixtures/certified.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
  db = database.db;
});
afterAll(() => database.close());

const RUNS = 12;
let serial = 0;

/** A keeper with ¥100.00 to withdraw and an enterprise account waiting for its amount. */
async function givenVerifyingCard() {
  const shop = await givenShop(db);
  const keeper = await givenMember(db, shop.shopId, { role: 3 });
  await givenCertifiedKeeper(db, shop.shopId, keeper.id);
  await db.transaction(async (tx) => {
    await transfer(tx, {
      id: `test:grant:${keeper.id}`,
      kind: TransferKind.Posted,
      debitAccountId: await shopAccount(tx, shop.shopId, ShopAccount.Commission),
      creditAccountId: await keeperAccount(tx, shop.shopId, keeper.id, KeeperAccount.Available),
      amountCents: 10_000,
      reason: TransferReason.Settle,
      now: new Date(),
    });
  });
  serial += 1;
  const card = await startEnterpriseCard(db, sandboxPayouts, {
    userId: keeper.id,
    companyName: '杭州小满贸易有限公司',
    accountNo: `33010401600${String(serial).padStart(8, '0')}`,
    bankCode: 'CCB',
  });
  const sent = (await sandboxPayouts.sandboxVerifyAmount!(db, verifyBillNo(card.id)))!;
  return { shop, keeper, card, sent };
}

describe('enterprise card verification', () => {
  it('all 99 amounts at once: three tries, bound only with the amount sent, answers agree', async () => {
    for (let run = 0; run < RUNS; run += 1) {
      const { shop, keeper, card, sent } = await givenVerifyingCard();
      const amounts = Array.from({ length: 99 }, (_, i) => i + 1);
      const answers = await Promise.allSettled(
        amounts.map((amountCents) =>
          verifyEnterpriseCard(db, { userId: keeper.id, cardId: card.id, amountCents }),
        ),
      );
      const [row] = await db.select().from(t.bankCards).where(eq(t.bankCards.id, card.id));
      const succeeded = answers.flatMap((a, i) =>
        a.status === 'fulfilled' ? [{ amount: amounts[i]!, view: a.value as BankCardView }] : [],
      );
      const codes = answers.map((a) =>
        a.status === 'rejected' ? (a.reason as { code: number }).code : 0,
      );
      const count = (code: number) => codes.filter((c) => c === code).length;
      const wrong = count(Errors.CARD_VERIFY_WRONG.code);
      // Every refusal is one of the card's own: a wrong try, no tries left, or nothing to verify.
      expect(
        codes.every((c) =>
          [
            0,
            Errors.CARD_VERIFY_WRONG.code,
            Errors.CARD_VERIFY_LOCKED.code,
            Errors.CARD_NOT_VERIFYING.code,
          ].includes(c),
        ),
      ).toBe(true);
      expect(row!.verifyTriesLeft).toBeGreaterThanOrEqual(0);
      if (row!.status === 'bound') {
        // Bound: by the one answer that sent the right amount, after at most two wrong tries.
        expect(succeeded).toEqual([
          { amount: sent, view: expect.objectContaining({ status: 'bound' }) },
        ]);
        expect(wrong).toBeLessThanOrEqual(2);
        // The tries counted are the answers given: the wrong ones and the right one.
        expect(3 - row!.verifyTriesLeft).toBe(wrong + 1);
        // Nobody was told the tries had run out of a card that ended bound.
        expect(count(Errors.CARD_VERIFY_LOCKED.code)).toBe(0);
      } else {
        // Failed: three wrong tries (two answered 47013, the third 47014), and no 验证成功.
        expect(row!.status).toBe('failed');
        expect(succeeded).toEqual([]);
        expect(wrong).toBe(2);
        expect(row!.verifyTriesLeft).toBe(0);
        // Nobody was told the card needs no verification: it ended failed.
        expect(count(Errors.CARD_NOT_VERIFYING.code)).toBe(0);
      }
      // A withdrawal goes only to a bound card.
      const withdrawal = applyWithdrawal(db, {
        shopId: shop.shopId,
        userId: keeper.id,
        amountCents: 1_000,
        bankCardId: card.id,
        idempotencyKey: `card-verify-race-${card.id}`,
      });
      if (row!.status === 'bound') await expect(withdrawal).resolves.toBeDefined();
      else
        await expect(withdrawal).rejects.toMatchObject({ code: Errors.WITHDRAW_NEEDS_CARD.code });
    }
  }, 120_000);

  it('the right amount sent at once with two wrong ones binds the card, told so once', async () => {
    for (let run = 0; run < RUNS; run += 1) {
      const { keeper, card, sent } = await givenVerifyingCard();
      const wrong = [sent === 1 ? 98 : sent - 1, sent === 99 ? 2 : sent + 1];
      const answers = await Promise.allSettled(
        [sent, ...wrong].map((amountCents) =>
          verifyEnterpriseCard(db, { userId: keeper.id, cardId: card.id, amountCents }),
        ),
      );
      expect(answers[0]).toMatchObject({ status: 'fulfilled', value: { status: 'bound' } });
      for (const answer of answers.slice(1)) {
        expect(answer.status).toBe('rejected');
        expect([Errors.CARD_VERIFY_WRONG.code, Errors.CARD_NOT_VERIFYING.code]).toContain(
          ((answer as PromiseRejectedResult).reason as { code: number }).code,
        );
      }
      const [row] = await db.select().from(t.bankCards).where(eq(t.bankCards.id, card.id));
      expect(row!.status).toBe('bound');
    }
  }, 120_000);

  it('解绑 racing a withdrawal to the card: never a withdrawal under way to a removed card', async () => {
    for (let run = 0; run < RUNS; run += 1) {
      const { shop, keeper, card, sent } = await givenVerifyingCard();
      await verifyEnterpriseCard(db, { userId: keeper.id, cardId: card.id, amountCents: sent });
      const [applied, removed] = await Promise.allSettled([
        applyWithdrawal(db, {
          shopId: shop.shopId,
          userId: keeper.id,
          amountCents: 1_000,
          bankCardId: card.id,
          idempotencyKey: `card-remove-race-${card.id}`,
        }),
        removeBankCard(db, { userId: keeper.id, cardId: card.id }),
      ]);
      const [row] = await db.select().from(t.bankCards).where(eq(t.bankCards.id, card.id));
      const underWay = await db
        .select()
        .from(t.withdrawals)
        .where(eq(t.withdrawals.bankCardId, card.id));
      // Exactly one wins: the withdrawal (解绑 refused 47016) or 解绑 (the withdrawal 47004).
      expect([applied.status, removed.status].sort()).toEqual(['fulfilled', 'rejected']);
      if (row!.removedAt) {
        expect(underWay).toEqual([]);
        expect(applied).toMatchObject({ reason: { code: Errors.WITHDRAW_NEEDS_CARD.code } });
      } else {
        expect(underWay).toHaveLength(1);
        expect(removed).toMatchObject({ reason: { code: Errors.CARD_IN_USE.code } });
      }
    }
  }, 120_000);
});
