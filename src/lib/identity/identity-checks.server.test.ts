/**
 * The paid identity checks against the Tencent Cloud sandbox (in-process, the real faceid adapter
 * and TC3 signature): answers mapped to their error entries, charged answers kept so a repeated
 * check asks nobody, the per-user daily limit, vendor failures logged without the inputs, and
 * 实名认证 / 绑定银行卡 going through them with IDENTITY_PROVIDER=tencentcloud.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenUser } from '#tests/fixtures/given.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { parseEnv, type Env } from '#lib/platform/env.server.ts';
import { Errors } from '#lib/errors.ts';
import { bindCardWithCode } from '#tests/fixtures/cards.ts';
import { luhnValid } from '#lib/distribution/withdrawal.ts';

const luhnDigit = (body: string) =>
  String([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => luhnValid(`${body}${d}`)));
import { checkIdCard, checkBankCard, checksToday, faceidFor } from './identity-checks.server.ts';
import { readRealName, saveRealName } from './real-name.server.ts';
import { realNameProvider } from './real-name-provider.server.ts';
import { tencentCloudSandboxFetch } from './tencentcloud/sandbox/sandbox.server.ts';

let database: Database;
let db: Db;
let config: Env;
/** Every faceid call that reached the sandbox, by action. */
const calls: string[] = [];
let sandbox: typeof fetch;
const NOW = new Date('2026-11-27T03:00:00Z');

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
  config = parseEnv({ IDENTITY_PROVIDER: 'tencentcloud' });
  const inner = tencentCloudSandboxFetch(db);
  sandbox = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Headers(init?.headers).get('x-tc-action') ?? '?');
    return inner(input, init);
  }) as typeof fetch;
});
afterAll(() => database.close());

const ID = '11010519491231002X';
const faceid = () => faceidFor(db, { config, fetch: sandbox });
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 0,
    (error: { code?: number }) => error.code,
  );

describe('ID two-element check', () => {
  it('maps the answers: 0 passes, -1 and -5 and -2 refuse with their entries', async () => {
    const user = await givenUser(db);
    const check = (name: string, idNumber: string) =>
      codeOf(checkIdCard(db, faceid(), { userId: user.id, name, idNumber, now: NOW }));
    expect(await check('王小明', ID)).toBe(0);
    expect(await check('王某', ID)).toBe(Errors.REAL_NAME_REFUSED.code);
    expect(await check('王小明', '110105194912310003')).toBe(Errors.ID_NUMBER_UNKNOWN.code);
    expect(await check('王小明', '110105194912310021')).toBe(Errors.ID_NUMBER_FORMAT.code);
    expect(Errors.ID_NUMBER_UNKNOWN.message).toBe('未查到该身份证号码，请核对后重新输入');
  });

  it('keeps a charged answer: the same check again asks nobody and costs no call of the day', async () => {
    const user = await givenUser(db);
    const before = calls.length;
    const input = { userId: user.id, name: '李四', idNumber: ID, now: NOW };
    await checkIdCard(db, faceid(), input);
    await checkIdCard(db, faceid(), input);
    const other = await givenUser(db);
    await checkIdCard(db, faceid(), { ...input, userId: other.id });
    expect(calls.slice(before)).toEqual(['IdCardVerification']);
    expect(await checksToday(db, user.id, NOW)).toBe(1);
    expect(await checksToday(db, other.id, NOW)).toBe(0);
    // A refusal the vendor charges for is kept too.
    await codeOf(checkIdCard(db, faceid(), { ...input, name: '李某' }));
    await codeOf(checkIdCard(db, faceid(), { ...input, name: '李某' }));
    expect(calls.slice(before)).toEqual(['IdCardVerification', 'IdCardVerification']);
  });

  it('does not keep an answer nobody paid for (no record): asking again calls again', async () => {
    const user = await givenUser(db);
    const before = calls.length;
    const input = { userId: user.id, name: '赵六', idNumber: '110105194912310003', now: NOW };
    await codeOf(checkIdCard(db, faceid(), input));
    await codeOf(checkIdCard(db, faceid(), input));
    expect(calls.length - before).toBe(2);
  });

  it("limits each user's paid checks per shop day (40039), the next day counts afresh", async () => {
    const user = await givenUser(db);
    const other = await givenUser(db);
    const names = ['周一', '周二', '周三'];
    const check = (userId: number, name: string, now = NOW) =>
      codeOf(checkIdCard(db, faceid(), { userId, name, idNumber: ID, now, limit: 2 }));
    expect(await check(user.id, names[0]!)).toBe(0);
    expect(await check(user.id, names[1]!)).toBe(0);
    const before = calls.length;
    expect(await check(user.id, names[2]!)).toBe(Errors.IDENTITY_CHECK_LIMIT.code);
    expect(calls.length).toBe(before);
    expect(Errors.IDENTITY_CHECK_LIMIT.message).toBe('今日核验次数已用完，请明天再试');
    // A kept answer is still answered, and another user has checks of their own.
    expect(await check(user.id, names[0]!)).toBe(0);
    expect(await check(other.id, names[2]!)).toBe(0);
    // 16:00 UTC is midnight in the shop's zone: a new day.
    expect(await check(user.id, '周四', new Date('2026-11-27T16:00:00Z'))).toBe(0);
  });

  it('a vendor failure is 身份核验服务繁忙 and is logged by code, never with the inputs', async () => {
    const user = await givenUser(db);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const wrongKey = faceidFor(db, {
      // Production keys the sandbox does not know (the sandbox itself keeps its own).
      config: {
        ...config,
        SHOP_MODE: 'production',
        TENCENTCLOUD_SECRET_ID: 'AKIDnotthesandboxkey000000',
        TENCENTCLOUD_SECRET_KEY: 'not-the-sandbox-secret-key',
        TENCENTCLOUD_FACEID_BASE_URL: 'http://127.0.0.1:4321',
      },
      fetch: sandbox,
    });
    try {
      expect(
        await codeOf(
          checkIdCard(db, wrongKey, { userId: user.id, name: '钱七', idNumber: ID, now: NOW }),
        ),
      ).toBe(Errors.IDENTITY_SERVICE_BUSY.code);
      const logged = errors.mock.calls.map((args) => args.join(' ')).join('\n');
      expect(logged).toContain('AuthFailure.SecretIdNotFound');
      expect(logged).not.toContain(ID);
      expect(logged).not.toContain('钱七');
    } finally {
      errors.mockRestore();
    }
  });
});

describe('bank-card four-element check', () => {
  const CARD = '6222020200000000006';
  it('passes on 0; the phone the bank does not hold is 40040; a card the banks do not know 40041', async () => {
    const user = await givenUser(db);
    const check = (phone: string, cardNo = CARD) =>
      codeOf(
        checkBankCard(db, faceid(), {
          userId: user.id,
          name: '王小明',
          idNumber: ID,
          cardNo,
          phone,
          now: NOW,
        }),
      );
    expect(await check('13900000021')).toBe(0);
    expect(await check('13900000000')).toBe(Errors.BANK_CARD_OWNER_MISMATCH.code);
    expect(await check('13900000021', '6222020200000000008')).toBe(
      Errors.BANK_CARD_NUMBER_WRONG.code,
    );
  });
});

describe('实名认证 and 绑定银行卡 with IDENTITY_PROVIDER=tencentcloud', () => {
  it('saves a real name faceid confirms; refuses (40036) and saves nothing when it does not', async () => {
    const user = await givenUser(db);
    const provider = realNameProvider(db, { config, fetch: sandbox });
    expect(provider.name).toBe('tencentcloud');
    const before = calls.length;
    await expect(
      saveRealName(db, user.id, { name: '孙某', idNumber: ID }, provider),
    ).rejects.toMatchObject({ code: Errors.REAL_NAME_REFUSED.code });
    expect(await readRealName(db, user.id)).toBeNull();
    expect(
      await saveRealName(db, user.id, { name: '孙小美', idNumber: ID }, provider),
    ).toMatchObject({
      verified: true,
    });
    expect(calls.slice(before)).toEqual(['IdCardVerification', 'IdCardVerification']);
  });

  it('binds a debit card the bank confirms with the phone it holds, and refuses one it does not', async () => {
    const keeper = await givenUser(db, { phone: '13900000031' });
    await saveRealName(
      db,
      keeper.id,
      { name: '孙小美', idNumber: ID },
      realNameProvider(db, { config, fetch: sandbox }),
    );
    const before = calls.length;
    const card = await bindCardWithCode(
      db,
      { userId: keeper.id, cardNo: '6212261202011584340', phone: '13900000031' },
      { config, fetch: sandbox },
    );
    expect(card.status).toBe('bound');
    expect(calls.slice(before)).toEqual(['CheckBankCardInformation', 'BankCard4EVerification']);
    // A credit card of a prefix the shop does not know: the bank's answer refuses it.
    const credit = '6258021234567890';
    const creditCard = credit.slice(0, -1) + luhnDigit(credit.slice(0, -1));
    expect(
      await codeOf(
        bindCardWithCode(
          db,
          { userId: keeper.id, cardNo: creditCard, bankCode: 'CMB' },
          { config, fetch: sandbox },
        ),
      ),
    ).toBe(Errors.CARD_NOT_DEBIT.code);
    const lost = await givenUser(db, { phone: '13900010000' });
    await saveRealName(
      db,
      lost.id,
      { name: '孙小美', idNumber: ID },
      realNameProvider(db, { config, fetch: sandbox }),
    );
    expect(
      await codeOf(
        bindCardWithCode(
          db,
          { userId: lost.id, cardNo: '6212261202011584340', phone: '13900010000' },
          { config, fetch: sandbox },
        ),
      ),
    ).toBe(Errors.BANK_CARD_OWNER_MISMATCH.code);
  });
});
