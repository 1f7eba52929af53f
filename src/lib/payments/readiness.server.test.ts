import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { parseEnv, type Env } from '#lib/platform/env.server.ts';
import { handleSandboxRequest } from './sandbox/gateway.server.ts';
import { sandboxKeys } from './sandbox/keys.server.ts';
import { paymentReadiness } from './readiness.server.ts';

let database: Database;
let config: Env;

/** The adapter's calls reach the sandbox gateway in-process, as over the network. */
const toSandbox: typeof fetch = async (input, init) =>
  handleSandboxRequest(database.db, new Request(input, init));

beforeAll(async () => {
  database = await memoryDatabase();
  const keys = await sandboxKeys(database.db);
  // A public demo on the merchant settings the sandbox answers to.
  config = parseEnv({
    SHOP_MODE: 'demo',
    PUBLIC_ORIGIN: 'https://shop.example.com',
    PAYMENT_PROVIDER: 'wechatpay',
    WECHATPAY_BASE_URL: 'http://shop.test/sandbox/wechatpay/',
    WECHATPAY_MCH_ID: keys.mchId,
    WECHATPAY_MCH_SERIAL: keys.merchantSerial,
    WECHATPAY_MCH_PRIVATE_KEY: keys.merchantPrivateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string,
    WECHATPAY_API_V3_KEY: keys.apiV3Key,
    WECHATPAY_PLATFORM_KEY_ID: keys.platformKeyId,
    WECHATPAY_PLATFORM_PUBLIC_KEY: keys.platformPublicKey.export({
      type: 'spki',
      format: 'pem',
    }) as string,
  });
});
afterAll(() => database.close());

describe("the doctor's payment probe", () => {
  it('is ready when the gateway accepts the keys (an unknown order answers ORDER_NOT_EXIST)', async () => {
    const readiness = await paymentReadiness(config, toSandbox);
    expect(readiness).toEqual({
      state: 'ready',
      detail: 'query of an unknown order answered ORDER_NOT_EXIST',
    });
  });

  it('says refused when the gateway refuses the merchant key', async () => {
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const readiness = await paymentReadiness(
      { ...config, WECHATPAY_MCH_PRIVATE_KEY: other.privateKey },
      toSandbox,
    );
    expect(readiness.state).toBe('refused');
    expect(readiness.detail).toMatch(/^401 SIGN_ERROR/);
  });

  it('says unreachable when nothing answers', async () => {
    // A port that was free a moment ago: nothing listens there.
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const readiness = await paymentReadiness({
      ...config,
      WECHATPAY_BASE_URL: `http://127.0.0.1:${port}/sandbox/wechatpay/`,
    });
    expect(readiness).toEqual({ state: 'unreachable', detail: 'ECONNREFUSED' });
  });
});
