/** The tax withheld on payouts, on PGlite with the real migrations. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { saveRealName } from '#lib/identity/index.server.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenMember, givenShop, type GivenShop } from '#tests/fixtures/given.ts';
import { payoutTaxOf, voidLabourTax, withholdLabourTax } from './payout-tax.server.ts';

let database: Database;
let shop: GivenShop;
let other: GivenShop;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  shop = await givenShop(database.db);
  other = await givenShop(database.db);
});
afterAll(() => database.close());

const ID = '330106199001011248';
let serial = 0;
const yuan = (n: number) => n * 100;

async function person(idNumber = ID) {
  const { id } = await givenMember(database.db, shop.shopId, { role: 3 });
  await saveRealName(database.db, id, { name: '王小明', idNumber });
  return id;
}

function pay(userId: number, amount: number, at: string, shopId = shop.shopId, no?: string) {
  const withdrawalNo = no ?? `WDTAX${(serial += 1)}`;
  return database.db.transaction(async (tx) => ({
    withdrawalNo,
    ...(await withholdLabourTax(tx, {
      withdrawalNo,
      shopId,
      userId,
      incomeCents: yuan(amount),
      now: new Date(at),
    })),
  }));
}

describe('withholding on a payout', () => {
  it('counts the person’s earlier payouts of the year, and records each calculation', async () => {
    const userId = await person('110101199003074338');
    const first = await pay(userId, 10_000, '2026-03-10T04:00:00Z');
    expect(first.taxCents).toBe(yuan(90));
    const second = await pay(userId, 10_000, '2026-04-10T04:00:00Z');
    expect(second).toMatchObject({ months: 2, withheldBeforeCents: yuan(90), taxCents: yuan(90) });
    expect(await payoutTaxOf(database.db, { withdrawalNo: second.withdrawalNo, userId })).toEqual(
      expect.objectContaining({ incomeToDateCents: yuan(20_000), voided: false }),
    );
    // Someone else cannot read it.
    expect(
      await payoutTaxOf(database.db, { withdrawalNo: second.withdrawalNo, userId: userId + 1 }),
    ).toBeNull();
  });

  it('asked again for the same withdrawal, answers what was recorded', async () => {
    const userId = await person('11010119900307037X');
    const once = await pay(userId, 20_000, '2026-03-10T04:00:00Z', shop.shopId, 'WDTAXSAME');
    const again = await pay(userId, 20_000, '2026-05-10T04:00:00Z', shop.shopId, 'WDTAXSAME');
    expect(again).toEqual(once);
  });

  it('one person with two accounts in two shops is one taxpayer', async () => {
    const idNumber = '110101199003071671';
    const first = await person(idNumber);
    const { id: second } = await givenMember(database.db, other.shopId, { role: 3 });
    await saveRealName(database.db, second, { name: '王小明', idNumber });
    await pay(first, 10_000, '2026-03-10T04:00:00Z');
    const other1 = await pay(second, 10_000, '2026-03-20T04:00:00Z', other.shopId);
    expect(other1).toMatchObject({
      incomeToDateCents: yuan(20_000),
      withheldBeforeCents: yuan(90),
    });
  });

  it('a voided payout is no longer counted', async () => {
    const userId = await person('110101199003075234');
    const failed = await pay(userId, 30_000, '2026-03-10T04:00:00Z');
    await database.db.transaction((tx) =>
      voidLabourTax(tx, {
        withdrawalNo: failed.withdrawalNo,
        now: new Date('2026-03-11T04:00:00Z'),
      }),
    );
    expect(
      await payoutTaxOf(database.db, { withdrawalNo: failed.withdrawalNo, userId }),
    ).toMatchObject({ voided: true });
    const next = await pay(userId, 10_000, '2026-03-12T04:00:00Z');
    expect(next).toMatchObject({ incomeToDateCents: yuan(10_000), withheldBeforeCents: 0 });
  });

  it('refuses a keeper whose real name is not verified', async () => {
    const { id } = await givenMember(database.db, shop.shopId, { role: 3 });
    const error = await pay(id, 100, '2026-03-10T04:00:00Z').then(
      () => null,
      (e: unknown) => e as { code: number; message: string },
    );
    expect(error).toMatchObject({ code: 44110, message: '请先完成实名认证再提现' });
  });
});
