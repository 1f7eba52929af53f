import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { wechatReadiness } from './readiness.server.ts';
import { handleWeixinSandboxRequest, sandboxAccount } from './sandbox.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
});
afterAll(() => database.close());

const NONE = { WECHAT_APP_ID: undefined, WECHAT_APP_SECRET: undefined };
const gateway: typeof fetch = async (input) =>
  handleWeixinSandboxRequest(database.db, new Request(String(input)), { config: NONE });

describe("npm run doctor's WeChat probe", () => {
  it('is ready when the account is accepted (40029 for a made-up code), and fetches no token', async () => {
    const { appId, appSecret } = await sandboxAccount(database.db, NONE);
    const asked: string[] = [];
    const readiness = await wechatReadiness(
      {
        WECHAT_APP_ID: appId,
        WECHAT_APP_SECRET: appSecret,
        WECHAT_API_BASE_URL: 'http://shop.test/sandbox/weixin/',
      },
      async (input, init) => {
        asked.push(new URL(String(input)).pathname);
        return gateway(input, init);
      },
    );
    expect(readiness).toEqual({
      state: 'ready',
      detail: 'the exchange of a made-up code answered 40029 (invalid code)',
    });
    expect(asked).toEqual(['/sandbox/weixin/sns/oauth2/access_token']);
  });

  it('is refused with a wrong secret, never printing it', async () => {
    const { appId } = await sandboxAccount(database.db, NONE);
    const readiness = await wechatReadiness(
      {
        WECHAT_APP_ID: appId,
        WECHAT_APP_SECRET: 'wrong-secret-0123456789',
        WECHAT_API_BASE_URL: 'http://shop.test/sandbox/weixin/',
      },
      gateway,
    );
    expect(readiness.state).toBe('refused');
    expect(readiness.detail).toMatch(/answered 40125: invalid appsecret/);
    expect(readiness.detail).not.toContain('wrong-secret');
  });

  it('is unreachable when the network fails, missing without the account', async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } });
    };
    expect(
      await wechatReadiness(
        { WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's'.repeat(32), WECHAT_API_BASE_URL: undefined },
        failing,
      ),
    ).toEqual({ state: 'unreachable', detail: 'ENOTFOUND' });
    expect(
      (await wechatReadiness({ ...NONE, WECHAT_API_BASE_URL: undefined }, failing)).state,
    ).toBe('missing');
  });
});
