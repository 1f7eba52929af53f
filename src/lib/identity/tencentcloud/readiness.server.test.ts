import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { parseEnv, type Env } from '#lib/platform/env.server.ts';
import { faceidReadiness, tencentCloudSmsReadiness } from './readiness.server.ts';
import { tencentCloudSandboxKeys } from './sandbox/keys.server.ts';
import { tencentCloudSandboxFetch } from './sandbox/sandbox.server.ts';

let database: Database;
let config: Env;
let toSandbox: typeof fetch;

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  const keys = await tencentCloudSandboxKeys(database.db);
  toSandbox = tencentCloudSandboxFetch(database.db);
  // Production settings that name the sandbox's account.
  config = {
    ...parseEnv({}),
    SHOP_MODE: 'production',
    IDENTITY_PROVIDER: 'tencentcloud',
    TENCENTCLOUD_SECRET_ID: keys.secretId,
    TENCENTCLOUD_SECRET_KEY: keys.secretKey,
    TENCENTCLOUD_SMS_SDK_APP_ID: keys.sdkAppId,
  };
});
afterAll(() => database.close());

describe("the doctor's Tencent Cloud probes", () => {
  it('are ready when the service accepts the keys and the app', async () => {
    expect(await faceidReadiness(config, toSandbox)).toEqual({
      state: 'ready',
      detail: 'IdCardVerification of an impossible number answered Result -2 (not charged)',
    });
    expect(await tencentCloudSmsReadiness(config, toSandbox)).toEqual({
      state: 'ready',
      detail: 'PullSmsSendStatus of the SdkAppId answered',
    });
  });

  it('say refused with the vendor code for a wrong secret or a foreign app', async () => {
    const wrong = { ...config, TENCENTCLOUD_SECRET_KEY: 'another-secret-key-000000000' };
    expect(await faceidReadiness(wrong, toSandbox)).toMatchObject({
      state: 'refused',
      detail: expect.stringMatching(/^AuthFailure\.SignatureFailure: /),
    });
    expect(
      await tencentCloudSmsReadiness(
        { ...config, TENCENTCLOUD_SMS_SDK_APP_ID: '1400999999' },
        toSandbox,
      ),
    ).toMatchObject({
      state: 'refused',
      detail: expect.stringMatching(/^UnauthorizedOperation\.SmsSdkAppIdVerifyFail: /),
    });
  });

  it('say unreachable when nothing answers', async () => {
    const down: typeof fetch = async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    };
    expect(await faceidReadiness(config, down)).toEqual({
      state: 'unreachable',
      detail: 'ECONNREFUSED',
    });
  });
});
