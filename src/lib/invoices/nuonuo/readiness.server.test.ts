import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { parseEnv, type Env } from '#lib/platform/env.server.ts';
import { handleNuonuoSandbox } from './sandbox/service.server.ts';
import { sandboxAccount } from './sandbox/keys.server.ts';
import { invoiceReadiness } from './readiness.server.ts';

let database: Database;
let config: Env;

/** The probe's calls reach the sandbox in-process, as over the network. */
const toSandbox: typeof fetch = async (input, init) =>
  handleNuonuoSandbox(database.db, new Request(input, init));

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  const account = await sandboxAccount(database.db);
  config = parseEnv({
    NUONUO_APP_KEY: account.appKey,
    NUONUO_APP_SECRET: account.appSecret,
    NUONUO_TAX_NO: account.taxNo,
    NUONUO_BASE_URL: 'http://shop.test/sandbox/nuonuo/',
  });
});
afterAll(() => database.close());

describe("the doctor's invoice probe", () => {
  it('is ready when the platform gives a token and answers a signed query', async () => {
    expect(await invoiceReadiness(config, toSandbox)).toEqual({
      state: 'ready',
      detail: 'token fetched; query of an unknown order answered E0000 获取成功',
    });
  });

  it('says refused for a wrong secret, or a tax number the app is not for', async () => {
    expect(
      await invoiceReadiness({ ...config, NUONUO_APP_SECRET: 'NOT-THE-SECRET' }, toSandbox),
    ).toEqual({ state: 'refused', detail: '070305: 诺诺令牌获取失败：Incorrect clientSecret' });
    expect(
      await invoiceReadiness({ ...config, NUONUO_TAX_NO: '91330100799655058B' }, toSandbox),
    ).toEqual({ state: 'refused', detail: '070401: 调用用户身份不匹配' });
  });

  it('says unreachable when nothing answers, missing without an app', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const readiness = await invoiceReadiness({
      ...config,
      NUONUO_BASE_URL: `http://127.0.0.1:${port}/sandbox/nuonuo/`,
    });
    expect(readiness).toEqual({ state: 'unreachable', detail: 'ECONNREFUSED' });
    expect(await invoiceReadiness(parseEnv({}))).toEqual({
      state: 'missing',
      detail: 'NUONUO_APP_KEY, NUONUO_APP_SECRET, NUONUO_TAX_NO not set',
    });
  });
});
