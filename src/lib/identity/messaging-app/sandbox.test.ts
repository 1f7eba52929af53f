import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { messagingApp } from './index.server.ts';
import {
  SANDBOX_CODE_TTL_MS,
  consentCallback,
  consentRedirect,
  exchangeSandboxCode,
  issueSandboxCode,
  newDeviceId,
  readConsentRequest,
  sandboxIdentity,
  sandboxOpenId,
  sandboxTicket,
} from './sandbox.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
});
afterAll(() => database.close());

const APP = 'wxsandbox0000000';
const now = new Date('2026-11-21T04:00:00Z');

describe('the sandbox messaging app', () => {
  it('sends the browser to its consent page with the protocol query', () => {
    const app = messagingApp(database.db, 'sandbox', APP);
    const url = new URL(app.authorizeUrl('st4te', 'http://shop.test/api/auth/1001'), 'http://x');
    expect(url.pathname).toBe('/sandbox/messaging-consent');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: APP,
      redirect_uri: 'http://shop.test/api/auth/1001',
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state: 'st4te',
    });
  });

  it('gives a device a stable open id and phone, another device other ones', async () => {
    const device = newDeviceId();
    const first = await issueSandboxCode(database.db, APP, device, now);
    const second = await issueSandboxCode(database.db, APP, device, now);
    const a = await exchangeSandboxCode(database.db, first, now);
    const b = await exchangeSandboxCode(database.db, second, now);
    expect(a).toEqual(b);
    expect(a!.openId).toBe(sandboxOpenId(APP, device));
    expect(a!.openId).toMatch(/^sbx_[0-9a-f]{28}$/);
    expect(a!.defaultPhone).toMatch(/^139\d{8}$/);
    expect(a!.nickname).toMatch(/^微信用户[0-9A-F]{4}$/);
    const other = await sandboxIdentity(database.db, APP, newDeviceId());
    expect(other.openId).not.toBe(a!.openId);
    expect(sandboxOpenId('wxanother', device)).not.toBe(a!.openId);
  });

  it('exchanges a code once, only while it is valid', async () => {
    const device = newDeviceId();
    const code = await issueSandboxCode(database.db, APP, device, now);
    const [one, two] = await Promise.all([
      exchangeSandboxCode(database.db, code, now),
      exchangeSandboxCode(database.db, code, now),
    ]);
    expect([one, two].filter(Boolean)).toHaveLength(1);
    expect(await exchangeSandboxCode(database.db, code, now)).toBeNull();

    const late = await issueSandboxCode(database.db, APP, device, now);
    const expired = new Date(now.getTime() + SANDBOX_CODE_TTL_MS);
    expect(await exchangeSandboxCode(database.db, late, expired)).toBeNull();
    expect(await exchangeSandboxCode(database.db, 'made-up', now)).toBeNull();
    expect(await exchangeSandboxCode(database.db, "'; drop table users; --", now)).toBeNull();
  });

  it('has a fixed ticket per app', async () => {
    const app = messagingApp(database.db, 'sandbox', APP);
    expect(await app.jsapiTicket()).toBe(sandboxTicket(APP));
    expect(sandboxTicket(APP)).not.toBe(sandboxTicket('wxanother'));
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

  it('checks the consent query as the real app would', () => {
    const app = messagingApp(database.db, 'sandbox', APP);
    const origin = 'http://shop.test';
    const query = new URL(app.authorizeUrl('st4te', `${origin}/api/auth/1002`), origin)
      .searchParams;
    expect(readConsentRequest(query, origin, APP)).toEqual({
      callback: '/api/auth/1002',
      state: 'st4te',
      shopId: '1002',
    });
    const broken = (key: string, value: string | null) => {
      const copy = new URLSearchParams(query);
      if (value === null) copy.delete(key);
      else copy.set(key, value);
      return readConsentRequest(copy, origin, APP);
    };
    expect(broken('appid', 'wxother')).toBeNull();
    expect(broken('response_type', 'token')).toBeNull();
    expect(broken('state', null)).toBeNull();
    expect(broken('state', 'a b')).toBeNull();
    expect(broken('redirect_uri', 'https://evil.example/api/auth/1002')).toBeNull();
    expect(broken('redirect_uri', null)).toBeNull();
  });
});
