import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { shopMembers, users } from '#lib/platform/db/schema.ts';
import { messagingApp, type MessagingAppProvider } from './messaging-app/index.server.ts';
import { issueSandboxCode, newDeviceId } from './messaging-app/sandbox.server.ts';
import {
  AUTH_STATE_COOKIE_PREFIX,
  backPath,
  beginMemberAuth,
  finishMemberAuth,
  shopOfBack,
  type AuthCookieJar,
} from './member-auth.server.ts';
import { OPEN_ID_COOKIE, getSessionUser } from './sessions.server.ts';

const APP = 'wxsandbox0000000';
const ORIGIN = 'http://shop.test';

let database: Database;
let app: MessagingAppProvider;
beforeAll(async () => {
  database = await memoryDatabase();
  app = messagingApp(database.db, 'sandbox', APP);
});
afterAll(() => database.close());

/** A browser's cookies as the endpoints see them. */
class Jar implements AuthCookieJar {
  values = new Map<string, { value: string; options: Record<string, unknown> }>();
  get(name: string) {
    const found = this.values.get(name);
    return found ? { value: found.value } : undefined;
  }
  set(name: string, value: string, options: Record<string, unknown>) {
    this.values.set(name, { value, options });
  }
  delete(name: string) {
    this.values.delete(name);
  }
  names() {
    return [...this.values.keys()];
  }
}

function begin(jar: Jar, backUrl: string | undefined, storedShopId?: string) {
  const location = beginMemberAuth(jar, app, {
    backUrl,
    origin: ORIGIN,
    secure: false,
    storedShopId,
    defaultShopId: '1001',
  });
  const url = new URL(location, ORIGIN);
  return {
    state: url.searchParams.get('state')!,
    callback: url.searchParams.get('redirect_uri')!,
    url,
  };
}

/** The sandbox consent: the device allows, and the app issues a code. */
const consent = (device: string) => issueSandboxCode(database.db, APP, device);

const finish = (
  jar: Jar,
  input: { state?: string | undefined; code?: string | undefined; shopId?: string },
) =>
  finishMemberAuth(database.db, jar, app, {
    shopId: input.shopId ?? '1001',
    state: input.state,
    code: input.code,
    secure: false,
  });

describe('the back URL', () => {
  it('is a path of this site, or nothing', () => {
    expect(backPath('/order?shopId=1001&rdt=1', ORIGIN)).toBe('/order?shopId=1001&rdt=1');
    expect(backPath('http://shop.test/brand?shopId=1002#x', ORIGIN)).toBe('/brand?shopId=1002');
    for (const bad of [
      undefined,
      '',
      'https://evil.example/order',
      'http://shop.test.evil.example/order',
      '//evil.example/order',
      '/\\evil.example',
      'javascript:alert(1)',
      'order?shopId=1001',
    ])
      expect(backPath(bad, ORIGIN), String(bad)).toBeNull();
  });

  it('names the shop: its shopId, else the stored one, else the default', () => {
    expect(shopOfBack('/order?shopId=1002', '1001', '1001')).toBe('1002');
    expect(shopOfBack('/order', '1002', '1001')).toBe('1002');
    expect(shopOfBack(null, undefined, '1001')).toBe('1001');
    expect(shopOfBack('/order?shopId=../x', undefined, '1001')).toBe('1001');
  });
});

describe('member auth', () => {
  it('starts with a random state whose httpOnly cookie holds the page, and the shop in the callback', () => {
    const jar = new Jar();
    const { state, callback, url } = begin(jar, '/order?shopId=1002&rdt=1');
    expect(url.pathname).toBe('/sandbox/messaging-consent');
    expect(url.searchParams.get('appid')).toBe(APP);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(callback).toBe('http://shop.test/api/auth/1002');
    const cookie = jar.values.get(`${AUTH_STATE_COOKIE_PREFIX}${state}`)!;
    expect(cookie.value).toBe('/order?shopId=1002&rdt=1');
    expect(cookie.options).toMatchObject({ httpOnly: true, path: '/api/auth/', maxAge: 600 });
    // Another sign-in gets another state.
    expect(begin(jar, '/order?shopId=1002').state).not.toBe(state);
  });

  it('never goes back to another site: the shop home instead', () => {
    const jar = new Jar();
    const { state, callback } = begin(jar, 'https://evil.example/steal', '1002');
    expect(jar.get(`${AUTH_STATE_COOKIE_PREFIX}${state}`)!.value).toBe('/index?shopId=1002');
    expect(callback).toBe('http://shop.test/api/auth/1002');
  });

  it('signs a new messaging-app user in: account, membership, session and open-id cookie, then back', async () => {
    const jar = new Jar();
    const device = newDeviceId();
    const { state } = begin(jar, '/order?shopId=1001&rdt=1');
    const result = await finish(jar, { state, code: await consent(device) });
    expect(result.location).toBe('/order?shopId=1001&rdt=1');
    const [user] = await database.db.select().from(users).where(eq(users.id, result.userId!));
    expect(user!.openId).toMatch(/^sbx_/);
    expect(user!.phone).toBeNull();
    expect(user!.defaultPhone).toMatch(/^139\d{8}$/);
    expect(user!.nickname).toMatch(/^微信用户/);
    const [member] = await database.db
      .select()
      .from(shopMembers)
      .where(and(eq(shopMembers.userId, user!.id), eq(shopMembers.shopId, '1001')));
    expect(member).toMatchObject({ role: 1, maxRole: 1 });
    // The session works; the state cookie is gone; the open id is readable.
    expect((await getSessionUser(database.db, jar.get('sid')!.value))!.id).toBe(user!.id);
    expect(jar.get('login_id')!.value).toBe(String(user!.id));
    expect(jar.get(OPEN_ID_COOKIE)!.value).toBe(user!.openId);
    expect(jar.values.get(OPEN_ID_COOKIE)!.options.httpOnly).toBeUndefined();
    expect(jar.names().filter((n) => n.startsWith(AUTH_STATE_COOKIE_PREFIX))).toEqual([]);

    // The same device again (another shop): the same account, a membership there too, a new session.
    const again = new Jar();
    again.set('sid', jar.get('sid')!.value, {});
    const second = begin(again, '/my?shopId=1002');
    const secondResult = await finish(again, {
      state: second.state,
      code: await consent(device),
      shopId: '1002',
    });
    expect(secondResult.userId).toBe(user!.id);
    expect(
      await database.db.select().from(shopMembers).where(eq(shopMembers.userId, user!.id)),
    ).toHaveLength(2);
    // The session the browser carried was replaced.
    expect(await getSessionUser(database.db, jar.get('sid')!.value)).toBeNull();
    expect(
      await database.db.select().from(users).where(eq(users.openId, user!.openId!)),
    ).toHaveLength(1);
  });

  it('keeps an existing membership as it is', async () => {
    const device = newDeviceId();
    const jar = new Jar();
    const first = await finish(jar, {
      state: begin(jar, '/order?shopId=1001').state,
      code: await consent(device),
    });
    await database.db
      .update(shopMembers)
      .set({ role: 3, maxRole: 3 })
      .where(eq(shopMembers.userId, first.userId!));
    const again = new Jar();
    await finish(again, {
      state: begin(again, '/order?shopId=1001').state,
      code: await consent(device),
    });
    const [member] = await database.db
      .select()
      .from(shopMembers)
      .where(eq(shopMembers.userId, first.userId!));
    expect(member).toMatchObject({ role: 3, maxRole: 3 });
  });

  it('refuses a state this browser did not start, and a state used once already', async () => {
    const device = newDeviceId();
    const attacker = new Jar();
    const { state } = begin(attacker, '/order?shopId=1001');
    const code = await consent(device);
    // The victim's browser follows the attacker's callback link: no state cookie there.
    const victim = new Jar();
    const forged = await finish(victim, { state, code });
    expect(forged).toEqual({ location: '/index?shopId=1001&rdt=1' });
    expect(victim.get('sid')).toBeUndefined();
    // The code was not spent on it: the real flow still works, once.
    const ok = await finish(attacker, { state, code });
    expect(ok.userId).toBeDefined();
    const replay = new Jar();
    replay.values = new Map(attacker.values);
    replay.delete('sid');
    const again = await finish(replay, { state, code });
    expect(again.userId).toBeUndefined();
    expect(replay.get('sid')).toBeUndefined();
    // Malformed or missing states never reach the cookie jar.
    expect(await finish(new Jar(), { state: undefined, code })).toEqual({
      location: '/index?shopId=1001&rdt=1',
    });
    expect(await finish(new Jar(), { state: '../../x', code })).toEqual({
      location: '/index?shopId=1001&rdt=1',
    });
  });

  it('goes back with rdt=1 and nobody signed in when the user refuses or the code is bad', async () => {
    const refused = new Jar();
    const { state } = begin(refused, '/order?shopId=1001');
    expect(await finish(refused, { state })).toEqual({ location: '/order?shopId=1001&rdt=1' });
    expect(refused.get('sid')).toBeUndefined();
    expect(refused.names()).toEqual([]);

    const bad = new Jar();
    const second = begin(bad, '/order?shopId=1001');
    expect(await finish(bad, { state: second.state, code: 'not-a-code' })).toEqual({
      location: '/order?shopId=1001&rdt=1',
    });

    // A code used once does not sign in again.
    const device = newDeviceId();
    const code = await consent(device);
    const first = new Jar();
    expect(
      (await finish(first, { state: begin(first, '/order?shopId=1001').state, code })).userId,
    ).toBeDefined();
    const reuse = new Jar();
    const reused = await finish(reuse, { state: begin(reuse, '/order?shopId=1001').state, code });
    expect(reused).toEqual({ location: '/order?shopId=1001&rdt=1' });
  });

  it('signs in without a membership when the shop does not exist', async () => {
    const jar = new Jar();
    const { state } = begin(jar, '/order?shopId=nope');
    const result = await finish(jar, { state, code: await consent(newDeviceId()), shopId: 'nope' });
    expect(result.userId).toBeDefined();
    expect(
      await database.db.select().from(shopMembers).where(eq(shopMembers.userId, result.userId!)),
    ).toEqual([]);
    expect(await getSessionUser(database.db, jar.get('sid')!.value)).not.toBeNull();
  });
});
