import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { cartItems, shopMembers, skus, users } from '#lib/platform/db/schema.ts';
import {
  messagingApp,
  type MessagingAppProvider,
} from '#lib/identity/messaging-app/index.server.ts';
import {
  handleWeixinSandboxRequest,
  issueSandboxCode,
  newDeviceId,
  sandboxUser,
} from '#lib/identity/messaging-app/sandbox.server.ts';
import {
  AUTH_STATE_COOKIE_PREFIX,
  backPath,
  beginMemberAuth,
  finishMemberAuth,
  shopOfBack,
  type AuthCookieJar,
} from './member-auth.server.ts';
import { OPEN_ID_COOKIE, createSession, getSessionUser } from '#lib/identity/sessions.server.ts';

const APP = 'wxsandbox0000000';
const ORIGIN = 'http://shop.test';

let database: Database;
let app: MessagingAppProvider;
beforeAll(async () => {
  database = await memoryDatabase();
  const none = { WECHAT_APP_ID: undefined, WECHAT_APP_SECRET: undefined };
  // The real adapter against the sandbox gateway, in process.
  app = messagingApp(database.db, {
    config: {
      SHOP_MODE: 'demo',
      ...none,
      WECHAT_OPEN_BASE_URL: undefined,
      WECHAT_API_BASE_URL: 'http://shop.test/sandbox/weixin/',
    },
    fetch: async (input) =>
      handleWeixinSandboxRequest(database.db, new Request(String(input)), { config: none }),
  });
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

/** The sandbox authorize page: the device allows (or, snsapi_base, just passes), a code comes. */
async function consent(
  device: string,
  scope: 'snsapi_base' | 'snsapi_userinfo' = 'snsapi_userinfo',
) {
  const { openId } = await sandboxUser(database.db, APP, device);
  return issueSandboxCode(database.db, { appId: APP, openId, scope });
}

const finish = (
  jar: Jar,
  input: { state?: string | undefined; code?: string | undefined; shopId?: string },
) =>
  finishMemberAuth(database.db, jar, app, {
    shopId: input.shopId ?? '1001',
    state: input.state,
    code: input.code,
    origin: ORIGIN,
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
    expect(url.pathname).toBe('/sandbox/weixin/connect/oauth2/authorize');
    expect(url.hash).toBe('#wechat_redirect');
    expect(url.searchParams.get('appid')).toBe(APP);
    // Silent first.
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(callback).toBe('http://shop.test/api/auth/1002');
    const cookie = jar.values.get(`${AUTH_STATE_COOKIE_PREFIX}${state}`)!;
    expect(cookie.value).toBe('b0/order?shopId=1002&rdt=1');
    expect(cookie.options).toMatchObject({ httpOnly: true, path: '/api/auth/', maxAge: 600 });
    // Another sign-in gets another state.
    expect(begin(jar, '/order?shopId=1002').state).not.toBe(state);
  });

  it('never goes back to another site: the shop home instead', () => {
    const jar = new Jar();
    const { state, callback } = begin(jar, 'https://evil.example/steal', '1002');
    expect(jar.get(`${AUTH_STATE_COOKIE_PREFIX}${state}`)!.value).toBe('b0/index?shopId=1002');
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

  it('goes back with rdt=1 and nobody signed in when the user refuses or the code stays bad', async () => {
    const refused = new Jar();
    const { state } = begin(refused, '/order?shopId=1001');
    expect(await finish(refused, { state })).toEqual({ location: '/order?shopId=1001&rdt=1' });
    expect(refused.get('sid')).toBeUndefined();
    expect(refused.names()).toEqual([]);

    // An invalid code (40029) starts the round again, once; the second bad code gives up.
    const bad = new Jar();
    const second = begin(bad, '/order?shopId=1001');
    const restarted = await finish(bad, { state: second.state, code: 'not-a-code' });
    const url = new URL(restarted.location, ORIGIN);
    expect(url.pathname).toBe('/sandbox/weixin/connect/oauth2/authorize');
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    const state2 = url.searchParams.get('state')!;
    expect(state2).not.toBe(second.state);
    expect(bad.get(`${AUTH_STATE_COOKIE_PREFIX}${state2}`)!.value).toBe('b1/order?shopId=1001');
    expect(await finish(bad, { state: state2, code: 'not-a-code' })).toEqual({
      location: '/order?shopId=1001&rdt=1',
    });

    // A used code (40163) likewise: once round again, and a fresh code then signs in.
    const device = newDeviceId();
    const code = await consent(device);
    const first = new Jar();
    const signedIn = await finish(first, { state: begin(first, '/order?shopId=1001').state, code });
    expect(signedIn.userId).toBeDefined();
    const reuse = new Jar();
    const reused = await finish(reuse, { state: begin(reuse, '/order?shopId=1001').state, code });
    expect(reused.userId).toBeUndefined();
    expect(reuse.get('sid')).toBeUndefined();
    const again = new URL(reused.location, ORIGIN).searchParams.get('state')!;
    const fresh = await finish(reuse, { state: again, code: await consent(device) });
    expect(fresh).toEqual({ location: '/order?shopId=1001', userId: signedIn.userId });
  });

  it('signs a known face in silently; a new one goes round again for consent (snsapi_userinfo)', async () => {
    const device = newDeviceId();
    const jar = new Jar();
    const { state } = begin(jar, '/my?shopId=1001');
    const round = await finish(jar, { state, code: await consent(device, 'snsapi_base') });
    expect(round.userId).toBeUndefined();
    const url = new URL(round.location, ORIGIN);
    expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
    const state2 = url.searchParams.get('state')!;
    expect(jar.get(`${AUTH_STATE_COOKIE_PREFIX}${state2}`)!.value).toBe('u0/my?shopId=1001');
    const done = await finish(jar, { state: state2, code: await consent(device) });
    expect(done.location).toBe('/my?shopId=1001');
    const [user] = await database.db.select().from(users).where(eq(users.id, done.userId!));
    expect(user!.nickname).toMatch(/^微信用户/);
    // The consent screen's phone is the one binding offers.
    expect(user!.defaultPhone).toBe((await sandboxUser(database.db, APP, device)).phone);

    const later = new Jar();
    const silent = await finish(later, {
      state: begin(later, '/my?shopId=1002').state,
      code: await consent(device, 'snsapi_base'),
      shopId: '1002',
    });
    expect(silent).toEqual({ location: '/my?shopId=1002', userId: user!.id });
    const [after] = await database.db.select().from(users).where(eq(users.id, user!.id));
    expect(after!.defaultPhone).toBe(user!.defaultPhone);
  });

  it('signs in without a membership when the shop does not exist', async () => {
    const jar = new Jar();
    const { state } = begin(jar, '/order?shopId=nope');
    const result = await finish(jar, {
      state,
      code: await consent(newDeviceId()),
      shopId: 'nope',
    });
    expect(result.userId).toBeDefined();
    expect(
      await database.db.select().from(shopMembers).where(eq(shopMembers.userId, result.userId!)),
    ).toEqual([]);
    expect(await getSessionUser(database.db, jar.get('sid')!.value)).not.toBeNull();
  });
});

describe('one person, one account', () => {
  let phones = 0;
  /** A shopper signed in by phone in this browser. */
  async function phoneShopper(jar: Jar) {
    const [me] = await database.db
      .insert(users)
      .values({ phone: `1370000${String(++phones).padStart(4, '0')}` })
      .returning();
    jar.set('sid', await createSession(database.db, me!.id), {});
    return me!;
  }

  it('a phone-signed-in shopper going through member auth keeps the account and gains the open id', async () => {
    const jar = new Jar();
    const me = await phoneShopper(jar);
    const oldSid = jar.get('sid')!.value;
    const device = newDeviceId();
    const { state } = begin(jar, '/cashier?shopId=1001');
    const result = await finish(jar, { state, code: await consent(device, 'snsapi_base') });
    expect(result).toEqual({ location: '/cashier?shopId=1001', userId: me.id });
    const [after] = await database.db.select().from(users).where(eq(users.id, me.id));
    expect(after!.openId).toBe((await sandboxUser(database.db, APP, device)).openId);
    expect(after!.phone).toBe(me.phone);
    expect((await getSessionUser(database.db, jar.get('sid')!.value))!.id).toBe(me.id);
    expect(await getSessionUser(database.db, oldSid)).toBeNull();
    expect(jar.get('login_id')!.value).toBe(String(me.id));
    expect(
      await database.db.select().from(users).where(eq(users.openId, after!.openId!)),
    ).toHaveLength(1);
  });

  it('an open id already on another account: that account is merged into the signed-in one', async () => {
    const device = newDeviceId();
    // Signed in inside WeChat earlier, without a phone: an account with a cart line.
    const inApp = new Jar();
    const earlier = await finish(inApp, {
      state: begin(inApp, '/index?shopId=1001').state,
      code: await consent(device),
    });
    const [sku] = await database.db.select({ id: skus.id }).from(skus).limit(1);
    await database.db
      .insert(cartItems)
      .values({ userId: earlier.userId!, shopId: '1001', skuId: sku!.id, quantity: 1 });

    const jar = new Jar();
    const me = await phoneShopper(jar);
    const result = await finish(jar, {
      state: begin(jar, '/cashier?shopId=1001').state,
      code: await consent(device, 'snsapi_base'),
    });
    expect(result.userId).toBe(me.id);
    const openId = (await sandboxUser(database.db, APP, device)).openId;
    const [after] = await database.db.select().from(users).where(eq(users.id, me.id));
    expect(after!.openId).toBe(openId);
    expect(await database.db.select().from(users).where(eq(users.id, earlier.userId!))).toEqual([]);
    // What the other account had is now the shopper's.
    expect(
      await database.db.select().from(cartItems).where(eq(cartItems.userId, me.id)),
    ).toHaveLength(1);
  });

  it('an open id on an account with another phone: the shopper stays who they are', async () => {
    const device = newDeviceId();
    const other = new Jar();
    const theirs = await finish(other, {
      state: begin(other, '/index?shopId=1001').state,
      code: await consent(device),
    });
    await database.db
      .update(users)
      .set({ phone: '13799999999' })
      .where(eq(users.id, theirs.userId!));
    const jar = new Jar();
    const me = await phoneShopper(jar);
    const sid = jar.get('sid')!.value;
    const result = await finish(jar, {
      state: begin(jar, '/cashier?shopId=1001').state,
      code: await consent(device, 'snsapi_base'),
    });
    expect(result).toEqual({ location: '/cashier?shopId=1001&rdt=1', userId: me.id });
    expect(jar.get('sid')!.value).toBe(sid);
    const [after] = await database.db.select().from(users).where(eq(users.id, me.id));
    expect(after!.openId).toBeNull();
  });
});
