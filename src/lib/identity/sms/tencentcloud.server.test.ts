import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { readOutbox } from './outbox.server.ts';
import { SmsRefusedError } from './index.server.ts';
import {
  TENCENTCLOUD_SMS_HOST,
  tencentCloudSms,
  tencentCloudSmsFor,
  type TencentCloudSmsConfig,
} from './tencentcloud.server.ts';
import { parseEnv } from '#lib/platform/env.server.ts';
import { selfOrigin } from '#lib/platform/self-origin.server.ts';
import { tencentCloudSandboxKeys } from '#lib/identity/tencentcloud/sandbox/keys.server.ts';
import { tencentCloudSandboxFetch } from '#lib/identity/tencentcloud/sandbox/sandbox.server.ts';

let database: Database;
let config: TencentCloudSmsConfig;
let clock = new Date('2026-11-27T02:00:00Z');

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  const keys = await tencentCloudSandboxKeys(database.db);
  config = {
    secretId: keys.secretId,
    secretKey: keys.secretKey,
    sdkAppId: keys.sdkAppId,
    signName: keys.signName,
    templateId: keys.templateId,
    baseUrl: 'http://127.0.0.1:4321',
    fetch: tencentCloudSandboxFetch(database.db, { now: () => clock }),
    now: () => clock,
  };
});
afterAll(() => database.close());

const message = (phone: string, code = '123456') => ({
  phone,
  code,
  purpose: 'login' as const,
  text: `您的验证码为${code}`,
});

async function refusal(promise: Promise<unknown>): Promise<SmsRefusedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsRefusedError);
  return error as SmsRefusedError;
}

describe('Tencent Cloud SMS adapter against the sandbox', () => {
  it('sends the code with the template [code, 5] into the outbox', async () => {
    await tencentCloudSms(config).send(message('13900000001', '482913'));
    const [sent] = await readOutbox(database.db, '13900000001');
    expect(sent).toMatchObject({
      phone: '13900000001',
      code: '482913',
      text: `【${config.signName}】您的验证码为482913，5分钟内有效，请勿泄露。`,
    });
  });

  it('a second message to one number within 30 s is the vendor frequency limit, not delivered', async () => {
    await tencentCloudSms(config).send(message('13900000002', '111111'));
    clock = new Date(clock.getTime() + 10_000);
    const error = await refusal(tencentCloudSms(config).send(message('13900000002', '222222')));
    expect(error.vendor).toBe('tencentcloud');
    expect(error.vendorCode).toBe('LimitExceeded.PhoneNumberThirtySecondLimit');
    expect((await readOutbox(database.db, '13900000002')).map((m) => m.code)).toEqual(['111111']);
    clock = new Date(clock.getTime() + 21_000);
    await tencentCloudSms(config).send(message('13900000002', '333333'));
    expect((await readOutbox(database.db, '13900000002'))[0]!.code).toBe('333333');
  });

  it('an unapproved template or sign, or a foreign app, is refused with the vendor code', async () => {
    const cases: [Partial<TencentCloudSmsConfig>, string][] = [
      [{ templateId: '999' }, 'FailedOperation.TemplateIncorrectOrUnapproved'],
      [{ signName: '别家商城' }, 'FailedOperation.SignatureIncorrectOrUnapproved'],
      [{ sdkAppId: '1400999999' }, 'UnauthorizedOperation.SmsSdkAppIdVerifyFail'],
    ];
    for (const [change, code] of cases) {
      const error = await refusal(
        tencentCloudSms({ ...config, ...change }).send(message('13900000003')),
      );
      expect(error.vendorCode).toBe(code);
    }
    expect(await readOutbox(database.db, '13900000003')).toEqual([]);
  });

  it('a wrong secret key is AuthFailure.SignatureFailure', async () => {
    const error = await refusal(
      tencentCloudSms({ ...config, secretKey: 'wrong-secret-key-0000000000' }).send(
        message('13900000004'),
      ),
    );
    expect(error.vendorCode).toBe('AuthFailure.SignatureFailure');
  });

  it('maps an insufficient balance answer from the vendor', async () => {
    const balance: typeof fetch = async () =>
      Response.json({
        Response: {
          Error: {
            Code: 'FailedOperation.InsufficientBalanceInSmsPackage',
            Message: 'insufficient balance in SMS package',
          },
          RequestId: 'r-1',
        },
      });
    const error = await refusal(
      tencentCloudSms({ ...config, fetch: balance }).send(message('13900000005')),
    );
    expect(error.vendorCode).toBe('FailedOperation.InsufficientBalanceInSmsPackage');
  });

  it('a network failure is not a refusal', async () => {
    const down: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const error = await tencentCloudSms({ ...config, fetch: down })
      .send(message('13900000006'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
  });

  it('from the settings: a demo asks its own origin with the sandbox account, production the vendor', async () => {
    const asked: string[] = [];
    const inner = tencentCloudSandboxFetch(database.db);
    const recording = ((input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(String(input));
      return inner(input, init);
    }) as typeof fetch;
    await tencentCloudSmsFor(database.db, {
      config: parseEnv({ SHOP_MODE: 'demo' }),
      fetch: recording,
    }).send(message('13900000007', '707070'));
    expect(asked).toEqual([`${selfOrigin()}/`]);
    expect((await readOutbox(database.db, '13900000007'))[0]?.code).toBe('707070');
    const production = {
      ...parseEnv({}),
      SHOP_MODE: 'production' as const,
      TENCENTCLOUD_SECRET_ID: 'AKIDproductionkey000000',
      TENCENTCLOUD_SECRET_KEY: 'production-secret-key-000000',
      TENCENTCLOUD_SMS_SDK_APP_ID: '1400123456',
      TENCENTCLOUD_SMS_SIGN_NAME: '某某商城',
      TENCENTCLOUD_SMS_TEMPLATE_ID: '1234567',
    };
    const error = await tencentCloudSmsFor(database.db, { config: production, fetch: recording })
      .send(message('13900000008'))
      .catch((e: unknown) => e);
    expect(asked[1]).toBe(`${TENCENTCLOUD_SMS_HOST}/`);
    // The sandbox does not know production keys: the vendor's own refusal.
    expect(error).toMatchObject({ vendorCode: 'AuthFailure.SecretIdNotFound' });
  });
});
