/**
 * Aliyun SMS: the adapter against the demo's sandbox over real HTTP, the adapter's signature
 * against the one @alicloud/openapi-core computes, the refusals it maps, the sandbox's own checks
 * (keys per database or configured, clock, nonce) and the provider chosen by SMS_PROVIDER.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OpenApiUtil } from '@alicloud/openapi-core';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { startVendorRoot, type VendorRootServer } from '#tests/fixtures/vendor-root.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { env, parseEnv } from '#lib/platform/env.server.ts';
import { aliyunSandboxAccount, type AliyunAccount } from './aliyun-account.server.ts';
import { answerAliyun } from './aliyun-sandbox.server.ts';
import { acs3Authorization, sha256Hex } from './aliyun-signature.server.ts';
import { ALIYUN_REFUSALS, aliyunSms, type AliyunSmsConfig } from './aliyun.server.ts';
import { devOutboxEnabled, SmsRefusedError, smsProvider, type SmsMessage } from './index.server.ts';
import { readOutbox } from './outbox.server.ts';
import { smsReadiness } from './readiness.server.ts';

let database: Database;
let vendor: VendorRootServer;
let account: AliyunAccount;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  database = await memoryDatabase({ seed: false });
  account = await aliyunSandboxAccount(database.db, env());
  vendor = await startVendorRoot(database.db);
});

afterAll(async () => {
  await vendor.close();
  await database.close();
  vi.restoreAllMocks();
});

const message = (phone: string, code = '314159'): SmsMessage => ({
  phone,
  code,
  purpose: 'login',
  text: `【小店】您的登录验证码是${code}，5分钟内有效，请勿泄露。`,
});

const adapter = (overrides: Partial<AliyunSmsConfig> = {}) =>
  aliyunSms({ ...account, baseUrl: vendor.origin, ...overrides });

/** What `fetch` was asked, for looking at the adapter's requests. */
function recording() {
  const requests: Request[] = [];
  const doFetch: typeof fetch = async (input, init) => {
    requests.push(new Request(input as string, init));
    return fetch(input, init);
  };
  return { requests, fetch: doFetch };
}

/** A fetch that answers every call with one response. */
const answering =
  (status: number, body: string): typeof fetch =>
  async () =>
    new Response(body, { status, headers: { 'content-type': 'application/json;charset=utf-8' } });

describe('the adapter against the sandbox', () => {
  it('sends SendSms as the SDK does, and the message lands in the outbox', async () => {
    const { requests, fetch } = recording();
    await adapter({ fetch }).send(message('13900003001', '271828'));
    const [request] = requests;
    const url = new URL(request!.url);
    expect(request!.method).toBe('POST');
    expect(url.pathname).toBe('/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      PhoneNumbers: '13900003001',
      SignName: '小店',
      TemplateCode: 'SMS_100000001',
      TemplateParam: '{"code":"271828"}',
    });
    expect(request!.headers.get('x-acs-action')).toBe('SendSms');
    expect(request!.headers.get('x-acs-version')).toBe('2017-05-25');
    expect(request!.headers.get('x-acs-date')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(request!.headers.get('x-acs-content-sha256')).toBe(sha256Hex(''));
    expect(request!.headers.get('authorization')).toMatch(
      new RegExp(
        `^ACS3-HMAC-SHA256 Credential=${account.accessKeyId},SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,Signature=[0-9a-f]{64}$`,
      ),
    );
    const [delivered] = await readOutbox(database.db, '13900003001');
    expect(delivered).toMatchObject({
      text: '【小店】您的验证码为：271828，该验证码5分钟内有效，请勿泄漏于他人！',
      code: '271828',
    });
  });

  it("is refused with Aliyun's code for a wrong secret, an unknown key, a sign or template", async () => {
    const refusal = (config: Partial<AliyunSmsConfig>, phone: string) =>
      adapter(config)
        .send(message(phone))
        .catch((error: unknown) => error);
    const cases: Array<[Partial<AliyunSmsConfig>, string]> = [
      [{ accessKeySecret: 'WrongSecret0000000000000000000' }, 'SignatureDoesNotMatch'],
      [{ accessKeyId: 'LTAIunknown000000000000' }, 'InvalidAccessKeyId.NotFound'],
      [{ signName: '别家店' }, 'isv.SMS_SIGNATURE_ILLEGAL'],
      [{ templateCode: 'SMS_999999999' }, 'isv.SMS_TEMPLATE_ILLEGAL'],
      [{ now: () => new Date(Date.now() - 16 * 60_000) }, 'InvalidTimeStamp.Expired'],
    ];
    for (const [i, [config, code]] of cases.entries()) {
      const phone = `1390000310${i}`;
      const error = await refusal(config, phone);
      expect(error).toBeInstanceOf(SmsRefusedError);
      expect(error).toMatchObject({ vendor: 'aliyun', vendorCode: code });
      expect(await readOutbox(database.db, phone)).toEqual([]);
    }
  });

  it('signs as @alicloud/openapi-core signs', () => {
    const headers = {
      host: 'dysmsapi.aliyuncs.com',
      'x-acs-action': 'SendSms',
      'x-acs-version': '2017-05-25',
      'x-acs-date': '2026-11-27T09:00:00Z',
      'x-acs-signature-nonce': '3156853299f313e23d1673dc12e1703d',
      'x-acs-content-sha256': sha256Hex(''),
    };
    const query = {
      PhoneNumbers: '13900003009',
      SignName: '小店',
      TemplateCode: 'SMS_100000001',
      TemplateParam: '{"code":"123456"}',
    };
    const ours = acs3Authorization(
      {
        method: 'POST',
        path: '/',
        query: Object.entries(query),
        headers,
        payloadHash: sha256Hex(''),
      },
      'LTAI5tExampleKeyId0000',
      'ExampleSecret0000000000000000',
    );
    const theirs = OpenApiUtil.getAuthorization(
      {
        method: 'POST',
        pathname: '/',
        query,
        headers: { ...headers, accept: 'application/json' },
      } as never,
      'ACS3-HMAC-SHA256',
      sha256Hex(''),
      'LTAI5tExampleKeyId0000',
      'ExampleSecret0000000000000000',
    );
    expect(ours).toBe(theirs);
  });
});

describe("the adapter's refusals", () => {
  it('maps every code but OK to an SmsRefusedError that carries it', async () => {
    for (const code of [
      'isv.BUSINESS_LIMIT_CONTROL',
      'isv.SMS_TEMPLATE_ILLEGAL',
      'isv.SMS_SIGNATURE_ILLEGAL',
      'isv.AMOUNT_NOT_ENOUGH',
      'isv.MOBILE_NUMBER_ILLEGAL',
    ]) {
      const body = JSON.stringify({
        Message: '触发分钟级流控Permits:1',
        RequestId: 'R-1',
        Code: code,
      });
      const error = await adapter({ fetch: answering(200, body) })
        .send(message('13900003010'))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsRefusedError);
      expect(error).toMatchObject({
        vendor: 'aliyun',
        vendorCode: code,
        message: `${ALIYUN_REFUSALS[code]}: 触发分钟级流控Permits:1 (HTTP 200, RequestId R-1)`,
      });
    }
  });

  it('refuses on an answer that is not Aliyun JSON, by its HTTP status', async () => {
    const error = await adapter({ fetch: answering(502, '<html>Bad Gateway</html>') })
      .send(message('13900003011'))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ vendor: 'aliyun', vendorCode: 'HTTP 502' });
  });

  it('lets a send that could not reach Aliyun fail as it failed', async () => {
    const unreachable: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    await expect(adapter({ fetch: unreachable }).send(message('13900003012'))).rejects.toThrow(
      'fetch failed',
    );
  });
});

describe('the sandbox', () => {
  it('refuses a replayed request (the same nonce)', async () => {
    const requests: Request[] = [];
    const keep: typeof fetch = async (input, init) => {
      requests.push(new Request(input as string, init));
      return fetch(input, init);
    };
    await adapter({ fetch: keep }).send(message('13900003020'));
    const again = requests[0]!;
    const response = await fetch(again.url, { method: 'POST', headers: again.headers });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ Code: 'SignatureNonceUsed' });
    expect(await readOutbox(database.db, '13900003020')).toHaveLength(1);
  });

  it('keeps one account per database, and takes the configured keys when given', async () => {
    expect(await aliyunSandboxAccount(database.db, env())).toEqual(account);
    expect(account.accessKeyId).toMatch(/^LTAI[A-Za-z0-9]{20}$/);
    const other = await memoryDatabase({ seed: false });
    try {
      const theirs = await aliyunSandboxAccount(other.db, env());
      expect(theirs.accessKeySecret).not.toBe(account.accessKeySecret);
      const config = parseEnv({
        ALIYUN_ACCESS_KEY_ID: 'LTAI5tConfigured00000000',
        ALIYUN_ACCESS_KEY_SECRET: 'ConfiguredSecret00000000000000',
        ALIYUN_SMS_SIGN_NAME: '阿里云短信测试',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_154950909',
      });
      const configured = await aliyunSandboxAccount(other.db, config);
      expect(configured).toEqual({
        accessKeyId: 'LTAI5tConfigured00000000',
        accessKeySecret: 'ConfiguredSecret00000000000000',
        signName: '阿里云短信测试',
        templateCode: 'SMS_154950909',
      });
      // The sandbox checks against those: the adapter signing with them gets through.
      const viaSandbox: typeof fetch = async (input, init) => {
        const request = new Request(input as string, init);
        request.headers.set('host', new URL(request.url).host);
        return answerAliyun(request, other.db, config);
      };
      await aliyunSms({ ...configured, baseUrl: 'http://127.0.0.1:9', fetch: viaSandbox }).send(
        message('13900003021', '161803'),
      );
      expect((await readOutbox(other.db, '13900003021'))[0]?.text).toBe(
        '【阿里云短信测试】您的验证码为：161803，该验证码5分钟内有效，请勿泄漏于他人！',
      );
      const error = await aliyunSms({ ...theirs, baseUrl: 'http://127.0.0.1:9', fetch: viaSandbox })
        .send(message('13900003022'))
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ vendorCode: 'InvalidAccessKeyId.NotFound' });
    } finally {
      await other.close();
    }
  });
});

describe('the provider SMS_PROVIDER names', () => {
  it('in a demo, aliyun is the adapter against the sandbox at the base URL', async () => {
    const config = parseEnv({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_BASE_URL: vendor.origin });
    await smsProvider(database.db, config).send(message('13900003030', '577215'));
    expect((await readOutbox(database.db, '13900003030'))[0]?.code).toBe('577215');
  });

  it('in production, aliyun signs with the configured keys (unknown to this sandbox)', async () => {
    // The rest of a production configuration (payments…) is beside the point here.
    const config = {
      ...parseEnv({
        SMS_PROVIDER: 'aliyun',
        ALIYUN_ACCESS_KEY_ID: 'LTAI5tProduction0000000',
        ALIYUN_ACCESS_KEY_SECRET: 'ProductionSecret00000000000000',
        ALIYUN_SMS_SIGN_NAME: '小店',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_154950909',
        ALIYUN_SMS_BASE_URL: vendor.origin,
      }),
      SHOP_MODE: 'production' as const,
    };
    const error = await smsProvider(database.db, config)
      .send(message('13900003032'))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ vendor: 'aliyun', vendorCode: 'InvalidAccessKeyId.NotFound' });
  });

  it('console keeps the whole text in the outbox', async () => {
    await smsProvider(database.db, parseEnv({ SMS_PROVIDER: 'console' })).send(
      message('13900003031', '141421'),
    );
    expect((await readOutbox(database.db, '13900003031'))[0]?.text).toBe(
      '【小店】您的登录验证码是141421，5分钟内有效，请勿泄露。',
    );
  });

  it('has the dev outbox in a demo only', () => {
    expect(devOutboxEnabled('demo', true)).toBe(true);
    expect(devOutboxEnabled('demo', false)).toBe(false);
    expect(devOutboxEnabled('production', true)).toBe(false);
  });
});

describe("npm run doctor's SMS probe", () => {
  /** A production configuration of Aliyun SMS pointed at this test's sandbox. */
  const production = (overrides: Record<string, string> = {}) => ({
    ...parseEnv({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: account.accessKeyId,
      ALIYUN_ACCESS_KEY_SECRET: account.accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: account.signName,
      ALIYUN_SMS_TEMPLATE_CODE: account.templateCode,
      ALIYUN_SMS_BASE_URL: vendor.origin,
      ...overrides,
    }),
    SHOP_MODE: 'production' as const,
  });

  it('is ready when the keys are accepted and the sign and template approved', async () => {
    expect(await smsReadiness(production())).toEqual({
      state: 'ready',
      detail: 'Aliyun SMS: sign 小店 and template SMS_100000001 approved',
    });
  });

  it("is refused with Aliyun's code for a wrong secret or template", async () => {
    const wrongSecret = await smsReadiness(
      production({ ALIYUN_ACCESS_KEY_SECRET: 'WrongSecret0000000000000000000' }),
    );
    expect(wrongSecret.state).toBe('refused');
    expect(wrongSecret.detail).toMatch(/^SignatureDoesNotMatch: the AccessKey secret is wrong/);
    const template = await smsReadiness(production({ ALIYUN_SMS_TEMPLATE_CODE: 'SMS_999999999' }));
    expect(template.state).toBe('refused');
    expect(template.detail).toMatch(/^isv\.SMS_TEMPLATE_ILLEGAL: /);
  });

  it('is refused while the sign is in review, and unreachable without an answer', async () => {
    // Both queries answered alike: the sign in review, the template approved.
    const inReview: typeof fetch = async () =>
      new Response(
        JSON.stringify({ Code: 'OK', RequestId: 'R', SignStatus: 0, TemplateStatus: '1' }),
        { status: 200 },
      );
    expect(await smsReadiness(production(), inReview)).toEqual({
      state: 'refused',
      detail: 'sign 小店 is 审核中 (in review)',
    });
    const down: typeof fetch = () =>
      Promise.reject(
        Object.assign(new TypeError('fetch failed'), {
          cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        }),
      );
    expect(await smsReadiness(production(), down)).toEqual({
      state: 'unreachable',
      detail: 'ECONNREFUSED',
    });
  });
});
