import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { wechatCredentials, weixinSandboxGrants } from '#lib/platform/db/schema.ts';
import { messagingApp, type MessagingAppOptions } from './index.server.ts';
import {
  handleWeixinSandboxRequest,
  issueSandboxCode,
  newDeviceId,
  sandboxAccount,
  sandboxFetchCounts,
  sandboxUser,
} from './sandbox.server.ts';
import { jsSdkConfig, jsSdkSignature } from './signature.server.ts';

const APP = 'wxsandbox0000000';
const NONE = { WECHAT_APP_ID: undefined, WECHAT_APP_SECRET: undefined };
const DEMO = {
  SHOP_MODE: 'demo',
  ...NONE,
  WECHAT_OPEN_BASE_URL: undefined,
  WECHAT_API_BASE_URL: 'http://shop.test/sandbox/weixin/',
} as const;

let database: Database;
/** The API paths the adapter asked for, in order. */
let calls: string[];
/** Answers the gateway would give, replaced by a made-up one where a test says so. */
let override: ((path: string) => Record<string, unknown> | null) | null;

const gatewayFetch: typeof fetch = async (input) => {
  const url = new URL(String(input));
  const path = url.pathname.replace('/sandbox/weixin/', '');
  calls.push(path);
  const made = override?.(path);
  if (made) return Response.json(made);
  return handleWeixinSandboxRequest(database.db, new Request(url), { config: NONE });
};

function app(config: MessagingAppOptions['config'] = DEMO) {
  return messagingApp(database.db, { config, fetch: gatewayFetch });
}

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
});
afterAll(() => database.close());
beforeEach(() => {
  calls = [];
  override = null;
});

async function codeFor(scope: 'snsapi_base' | 'snsapi_userinfo', device = newDeviceId()) {
  const user = await sandboxUser(database.db, APP, device);
  return {
    user,
    code: await issueSandboxCode(database.db, { appId: APP, openId: user.openId, scope }),
  };
}

describe('the authorize redirect', () => {
  it('goes to the sandbox gateway in demo mode, with the query in WeChat order and #wechat_redirect', () => {
    expect(app().authorizeUrl('st4te', 'http://shop.test/api/auth/1001', 'snsapi_base')).toBe(
      '/sandbox/weixin/connect/oauth2/authorize?appid=wxsandbox0000000&redirect_uri=http%3A%2F%2Fshop.test%2Fapi%2Fauth%2F1001&response_type=code&scope=snsapi_base&state=st4te#wechat_redirect',
    );
  });

  it('goes to open.weixin.qq.com in production, with the configured app id', () => {
    const url = app({
      SHOP_MODE: 'production',
      WECHAT_APP_ID: 'wx1234567890abcdef',
      WECHAT_APP_SECRET: '0123456789abcdef0123456789abcdef',
      WECHAT_OPEN_BASE_URL: undefined,
      WECHAT_API_BASE_URL: undefined,
    }).authorizeUrl('s', 'https://shop.example.com/api/auth/1001', 'snsapi_userinfo');
    expect(url).toMatch(
      /^https:\/\/open\.weixin\.qq\.com\/connect\/oauth2\/authorize\?appid=wx1234567890abcdef&.*&scope=snsapi_userinfo&state=s#wechat_redirect$/,
    );
  });
});

describe('the code exchange', () => {
  it('snsapi_userinfo: the open id, then the nickname and the phone the consent screen showed', async () => {
    const { user, code } = await codeFor('snsapi_userinfo');
    const result = await app().exchange(code);
    expect(calls).toEqual(['sns/oauth2/access_token', 'sns/userinfo']);
    expect(result).toEqual({
      ok: true,
      scope: 'snsapi_userinfo',
      identity: {
        openId: user.openId,
        unionId: null,
        nickname: user.nickname,
        avatarUrl: null,
        defaultPhone: user.phone,
      },
    });
    expect(user.phone).toMatch(/^139\d{8}$/);
  });

  it('snsapi_base: the open id only, silently, and no userinfo call', async () => {
    const { user, code } = await codeFor('snsapi_base');
    expect(await app().exchange(code)).toEqual({
      ok: true,
      scope: 'snsapi_base',
      identity: {
        openId: user.openId,
        unionId: null,
        nickname: '',
        avatarUrl: null,
        defaultPhone: null,
      },
    });
    expect(calls).toEqual(['sns/oauth2/access_token']);
  });

  it('takes the unionid when the account is bound to an open platform', async () => {
    const { user, code } = await codeFor('snsapi_base');
    override = (path) =>
      path === 'sns/oauth2/access_token'
        ? {
            access_token: 'A',
            expires_in: 7200,
            openid: user.openId,
            scope: 'snsapi_base',
            unionid: 'oU1',
          }
        : null;
    const result = await app().exchange(code);
    expect(result.ok && result.identity.unionId).toBe('oU1');
  });

  it('a used code (40163) or an invalid one (40029) may restart the sign-in', async () => {
    const { code } = await codeFor('snsapi_userinfo');
    expect((await app().exchange(code)).ok).toBe(true);
    expect(await app().exchange(code)).toEqual({ ok: false, restart: true });
    expect(await app().exchange('made-up')).toEqual({ ok: false, restart: true });
    const used = await handleWeixinSandboxRequest(
      database.db,
      new Request(
        `http://x/sandbox/weixin/sns/oauth2/access_token?appid=${APP}&secret=${(await sandboxAccount(database.db, NONE)).appSecret}&code=${code}&grant_type=authorization_code`,
      ),
      { config: NONE },
    );
    expect(await used.json()).toMatchObject({
      errcode: 40163,
      errmsg: expect.stringMatching(/^code been used, rid: /),
    });
  });

  it('a wrong secret fails without a restart, and production never takes a phone from the answer', async () => {
    const { code } = await codeFor('snsapi_userinfo');
    const wrong = app({ ...DEMO, WECHAT_APP_ID: APP, WECHAT_APP_SECRET: 'not-the-sandbox-secret' });
    expect(await wrong.exchange(code)).toEqual({ ok: false, restart: false });
    const production = app({ ...DEMO, SHOP_MODE: 'production' });
    const result = await production.exchange(code);
    expect(result.ok && result.identity.defaultPhone).toBeNull();
  });
});

describe('the JS-SDK ticket', () => {
  const stored = async (kind: string) => {
    const [row] = await database.db
      .select()
      .from(wechatCredentials)
      .where(and(eq(wechatCredentials.appId, APP), eq(wechatCredentials.kind, kind)));
    return row!;
  };
  const expireTicket = () =>
    database.db
      .update(wechatCredentials)
      .set({ expiresAt: new Date(0) })
      .where(eq(wechatCredentials.kind, 'jsapi_ticket'));

  it('fetches a token and a ticket once, keeps them with their expiry, and signs with the ticket', async () => {
    const before = await sandboxFetchCounts(database.db, APP);
    const ticket = await app().jsapiTicket();
    expect(calls).toEqual(['cgi-bin/token', 'cgi-bin/ticket/getticket']);
    expect(await app().jsapiTicket()).toBe(ticket);
    expect(calls).toHaveLength(2);
    expect(await sandboxFetchCounts(database.db, APP)).toEqual({
      token: before.token + 1,
      ticket: before.ticket + 1,
    });
    const row = await stored('jsapi_ticket');
    expect(row.value).toBe(ticket);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(7100_000);

    const url = 'http://shop.test/brand?shopId=1001#x';
    const config = await jsSdkConfig(app(), url, 'http://shop.test');
    expect(config!.signature).toBe(
      jsSdkSignature({ ticket, nonceStr: config!.nonceStr, timestamp: config!.timestamp, url }),
    );
  });

  it('refreshes before the expiry', async () => {
    await app().jsapiTicket();
    calls = [];
    await database.db
      .update(wechatCredentials)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(wechatCredentials.kind, 'jsapi_ticket'));
    await app().jsapiTicket();
    expect(calls).toEqual(['cgi-bin/ticket/getticket']);
  });

  it('40001 (a token WeChat no longer knows): a new token, once, and the ticket asked again', async () => {
    await app().jsapiTicket();
    await database.db
      .update(wechatCredentials)
      .set({ value: 'stale-token' })
      .where(eq(wechatCredentials.kind, 'access_token'));
    await expireTicket();
    calls = [];
    const ticket = await app().jsapiTicket();
    expect(calls).toEqual([
      'cgi-bin/ticket/getticket',
      'cgi-bin/token',
      'cgi-bin/ticket/getticket',
    ]);
    expect((await stored('access_token')).value).not.toBe('stale-token');
    expect((await stored('jsapi_ticket')).value).toBe(ticket);
  });

  it('42001 (the token expired early): a new token, once, and the ticket asked again', async () => {
    await app().jsapiTicket();
    await database.db
      .update(weixinSandboxGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(weixinSandboxGrants.kind, 'token'));
    await expireTicket();
    calls = [];
    await app().jsapiTicket();
    expect(calls).toEqual([
      'cgi-bin/ticket/getticket',
      'cgi-bin/token',
      'cgi-bin/ticket/getticket',
    ]);
  });

  it('refused again after the refresh: fails, without a loop', async () => {
    await expireTicket();
    override = (path) =>
      path === 'cgi-bin/ticket/getticket' ? { errcode: 40001, errmsg: 'invalid credential' } : null;
    await expect(app().jsapiTicket()).rejects.toMatchObject({
      name: 'WechatApiError',
      errcode: 40001,
    });
    expect(calls).toEqual([
      'cgi-bin/ticket/getticket',
      'cgi-bin/token',
      'cgi-bin/ticket/getticket',
    ]);
  });
});
