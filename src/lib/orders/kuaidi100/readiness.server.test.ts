import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { parseEnv, type Env } from '#lib/platform/env.server.ts';
import { handleKuaidi100Request } from './sandbox/service.server.ts';
import { sandboxAccount } from './sandbox/keys.server.ts';
import { logisticsReadiness } from './readiness.server.ts';

let database: Database;
let config: Env;

/** The adapter's calls reach the sandbox in-process, as over the network. */
const toSandbox: typeof fetch = async (input, init) =>
  handleKuaidi100Request(database.db, new Request(input, init));

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  const account = await sandboxAccount(database.db);
  config = parseEnv({
    KUAIDI100_CUSTOMER: account.customer,
    KUAIDI100_KEY: account.key,
    KUAIDI100_BASE_URL: 'http://shop.test/sandbox/kuaidi100/',
  });
});
afterAll(() => database.close());

describe("the doctor's logistics probe", () => {
  it('is ready when the service accepts the account (an unknown number: 查询无结果)', async () => {
    expect(await logisticsReadiness(config, toSandbox)).toEqual({
      state: 'ready',
      detail: 'query of an unknown number answered 500 查询无结果，请隔段时间再查',
    });
  });

  it('says refused when the service refuses the key', async () => {
    expect(await logisticsReadiness({ ...config, KUAIDI100_KEY: 'NOTTHEKEY' }, toSandbox)).toEqual({
      state: 'refused',
      detail: '503: 验证签名失败',
    });
  });

  it('says unreachable when nothing answers, missing without an account', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const readiness = await logisticsReadiness({
      ...config,
      KUAIDI100_BASE_URL: `http://127.0.0.1:${port}/sandbox/kuaidi100/`,
    });
    expect(readiness).toEqual({ state: 'unreachable', detail: 'ECONNREFUSED' });
    expect((await logisticsReadiness(parseEnv({}))).state).toBe('missing');
  });
});
