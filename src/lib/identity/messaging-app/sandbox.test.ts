import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import {
  consentCallback,
  consentRedirect,
  handleWeixinSandboxRequest,
  issueSandboxCode,
  newDeviceId,
  readAuthorizeRequest,
  sandboxAccount,
  sandboxOpenId,
  sandboxUser,
} from './sandbox.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
});
afterAll(() => database.close());

const APP = 'wxsandbox0000000';
const NONE = { WECHAT_APP_ID: undefined, WECHAT_APP_SECRET: undefined };
const now = new Date('2026-11-21T04:00:00Z');

const api = async (pathAndQuery: string, at = now) =>
  (
    await handleWeixinSandboxRequest(
      database.db,
      new Request(`http://shop.test/sandbox/weixin/${pathAndQuery}`),
      { config: NONE, now: at },
    )
  ).json() as Promise<Record<string, unknown>>;

describe('the sandbox WeChat gateway', () => {
  it('keeps one user per device: the same open id and phone every time, another device another', async () => {
    const device = newDeviceId();
    const a = await sandboxUser(database.db, APP, device);
    expect(await sandboxUser(database.db, APP, device)).toEqual(a);
    expect(a.openId).toBe(sandboxOpenId(APP, device));
    expect(a.openId).toMatch(/^sbx_[0-9a-f]{28}$/);
    expect(a.phone).toMatch(/^139\d{8}$/);
    expect(a.nickname).toMatch(/^微信用户[0-9A-F]{4}$/);
    expect((await sandboxUser(database.db, APP, newDeviceId())).openId).not.toBe(a.openId);
  });

  it('makes its own secret once per database, or plays the configured account', async () => {
    const made = await sandboxAccount(database.db, NONE);
    expect(made.appId).toBe(APP);
    expect(made.appSecret).toMatch(/^[0-9a-f]{32}$/);
    expect(await sandboxAccount(database.db, NONE)).toEqual(made);
    expect(
      await sandboxAccount(database.db, {
        WECHAT_APP_ID: 'wxgiven',
        WECHAT_APP_SECRET: 'S'.repeat(32),
      }),
    ).toEqual({ appId: 'wxgiven', appSecret: 'S'.repeat(32) });
  });

  it("answers WeChat's errcodes: wrong appid, wrong secret, bad grant_type, unknown and used codes", async () => {
    const { appSecret } = await sandboxAccount(database.db, NONE);
    const user = await sandboxUser(database.db, APP, newDeviceId());
    const code = await issueSandboxCode(database.db, {
      appId: APP,
      openId: user.openId,
      scope: 'snsapi_base',
      now,
    });
    const exchange = (q: string) => api(`sns/oauth2/access_token?${q}`);
    expect(
      await exchange(
        `appid=wxother&secret=${appSecret}&code=${code}&grant_type=authorization_code`,
      ),
    ).toMatchObject({ errcode: 40013 });
    expect(
      await exchange(`appid=${APP}&secret=nope&code=${code}&grant_type=authorization_code`),
    ).toMatchObject({ errcode: 40125, errmsg: expect.stringMatching(/^invalid appsecret, rid: /) });
    expect(
      await exchange(`appid=${APP}&secret=${appSecret}&code=${code}&grant_type=x`),
    ).toMatchObject({ errcode: 40002 });
    expect(
      await exchange(`appid=${APP}&secret=${appSecret}&code=nope&grant_type=authorization_code`),
    ).toMatchObject({ errcode: 40029 });
    const ok = await exchange(
      `appid=${APP}&secret=${appSecret}&code=${code}&grant_type=authorization_code`,
    );
    expect(ok).toMatchObject({ openid: user.openId, scope: 'snsapi_base', expires_in: 7200 });
    expect(ok.errcode).toBeUndefined();
    expect(
      await exchange(`appid=${APP}&secret=${appSecret}&code=${code}&grant_type=authorization_code`),
    ).toMatchObject({ errcode: 40163 });
    // A base-scope token does not open userinfo.
    expect(
      await api(`sns/userinfo?access_token=${String(ok.access_token)}&openid=${user.openId}`),
    ).toMatchObject({ errcode: 48001 });
  });

  it('exchanges a code once even when asked twice at once, and not after 5 minutes', async () => {
    const { appSecret } = await sandboxAccount(database.db, NONE);
    const user = await sandboxUser(database.db, APP, newDeviceId());
    const code = await issueSandboxCode(database.db, {
      appId: APP,
      openId: user.openId,
      scope: 'snsapi_userinfo',
      now,
    });
    const q = `sns/oauth2/access_token?appid=${APP}&secret=${appSecret}&code=${code}&grant_type=authorization_code`;
    const both = await Promise.all([api(q), api(q)]);
    expect(both.filter((a) => a.openid === user.openId)).toHaveLength(1);
    const late = await issueSandboxCode(database.db, {
      appId: APP,
      openId: user.openId,
      scope: 'snsapi_base',
      now,
    });
    expect(await api(q.replace(code, late), new Date(now.getTime() + 5 * 60_000))).toMatchObject({
      errcode: 40029,
    });
  });

  it('access tokens: a newer one leaves the older 5 minutes; unknown is 40001, expired 42001', async () => {
    const { appSecret } = await sandboxAccount(database.db, NONE);
    const token = (at: Date) =>
      api(`cgi-bin/token?grant_type=client_credential&appid=${APP}&secret=${appSecret}`, at);
    const ticket = (t: unknown, at: Date) =>
      api(`cgi-bin/ticket/getticket?access_token=${String(t)}&type=jsapi`, at);
    const first = await token(now);
    expect(first).toMatchObject({ expires_in: 7200 });
    expect(await ticket(first.access_token, now)).toMatchObject({
      errcode: 0,
      errmsg: 'ok',
      expires_in: 7200,
    });
    const later = new Date(now.getTime() + 60_000);
    await token(later);
    expect(await ticket(first.access_token, new Date(later.getTime() + 4 * 60_000))).toMatchObject({
      errcode: 0,
    });
    expect(await ticket(first.access_token, new Date(later.getTime() + 5 * 60_000))).toMatchObject({
      errcode: 42001,
    });
    expect(await ticket('made-up', now)).toMatchObject({ errcode: 40001 });
    expect(await ticket(first.access_token, now).then(() => ticket(undefined, now))).toMatchObject({
      errcode: 40001,
    });
  });

  it('sends codes only to member auth on this site', () => {
    const origin = 'http://shop.test';
    expect(consentCallback('/api/auth/1001', origin)).toBe('/api/auth/1001');
    expect(consentCallback('http://shop.test/api/auth/1002', origin)).toBe('/api/auth/1002');
    for (const bad of [
      null,
      '',
      'https://evil.example/api/auth/1001',
      '//evil.example/api/auth/1001',
      '/api/auth/1001?next=x',
      '/api/auth/1001/../../evil',
      '/index?shopId=1001',
      'http://user:pw@shop.test/api/auth/1001',
      'javascript:alert(1)',
    ])
      expect(consentCallback(bad, origin), String(bad)).toBeNull();
    expect(consentRedirect('/api/auth/1001', 's', 'c0de')).toBe('/api/auth/1001?code=c0de&state=s');
    expect(consentRedirect('/api/auth/1001', 's', null)).toBe('/api/auth/1001?state=s');
  });

  it('sends codes to member auth of a site registered with the app (a demo standing in for WeChat)', () => {
    const origin = 'http://outside.test';
    const registered = ['https://shop.example.com'];
    expect(consentCallback('https://shop.example.com/api/auth/1001', origin, registered)).toBe(
      'https://shop.example.com/api/auth/1001',
    );
    expect(consentCallback('https://evil.example/api/auth/1001', origin, registered)).toBeNull();
    expect(consentCallback('https://shop.example.com/index', origin, registered)).toBeNull();
    expect(consentRedirect('https://shop.example.com/api/auth/1001', 's', 'c0de')).toBe(
      'https://shop.example.com/api/auth/1001?code=c0de&state=s',
    );
  });

  it('checks the authorize query as WeChat would', () => {
    const origin = 'http://shop.test';
    const query = new URLSearchParams({
      appid: APP,
      redirect_uri: `${origin}/api/auth/1002`,
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state: 'st4te',
    });
    expect(readAuthorizeRequest(query, origin, APP)).toEqual({
      callback: '/api/auth/1002',
      state: 'st4te',
      scope: 'snsapi_userinfo',
      shopId: '1002',
    });
    const broken = (key: string, value: string | null) => {
      const copy = new URLSearchParams(query);
      if (value === null) copy.delete(key);
      else copy.set(key, value);
      return readAuthorizeRequest(copy, origin, APP);
    };
    expect(broken('appid', 'wxother')).toBeNull();
    expect(broken('response_type', 'token')).toBeNull();
    expect(broken('scope', 'snsapi_login')).toBeNull();
    expect(broken('scope', 'snsapi_base')).toMatchObject({ scope: 'snsapi_base' });
    expect(broken('state', null)).toBeNull();
    expect(broken('state', 'a b')).toBeNull();
    expect(broken('state', 'x'.repeat(129))).toBeNull();
    expect(broken('redirect_uri', 'https://evil.example/api/auth/1002')).toBeNull();
    expect(broken('redirect_uri', null)).toBeNull();
  });
});
