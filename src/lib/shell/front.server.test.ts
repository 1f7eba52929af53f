/**
 * The front door (decision 045) on its own: a kept page answered from memory with what the
 * middleware would do on the way, and everything else left to the framework untouched.
 * tests/e2e/front-door.spec.ts checks the same through the running server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { cartItems, linkVisits, skus, users } from '#lib/platform/db/schema.ts';
import { PAGE_TTL_MS, keepPage, pageKey } from '#lib/platform/page-cache.server.ts';
import { matchRoute } from '#lib/platform/routes.ts';
import { knownContentVersion, watchVersions } from '#lib/platform/versions.server.ts';
import { createSession, readVersions, readViewer } from '#lib/identity/index.server.ts';
import { demoPhones } from '#demo/handles.ts';
import { createFront } from './front.server.ts';
import { personalKeys } from './middleware/personal-cache.server.ts';
import { VIEWER_FILL } from './signed-in.server.ts';
import { noticeCookieName, noticeStamp } from './shop-notice.ts';

let database: Database;
let stopWatching: () => Promise<void>;
const front = createFront(async () => database);

beforeAll(async () => {
  database = await memoryDatabase();
  stopWatching = await watchVersions(database);
});
afterAll(async () => {
  await stopWatching();
  await database.close();
});

const HOST = 'shop.test';
const PAGE = '/productDetail?productNo=P10010001&shopId=1001';

function request(url: string, headers: Record<string, string> = {}): IncomingMessage {
  return { method: 'GET', url, headers: { host: HOST, ...headers } } as unknown as IncomingMessage;
}

class Answer {
  status = 0;
  headers: Record<string, string | string[]> = {};
  chunks: Buffer[] = [];
  writeHead(status: number, headers: Record<string, string | string[]>) {
    this.status = status;
    this.headers = headers;
  }
  write(chunk: Buffer) {
    this.chunks.push(chunk);
  }
  end(chunk?: Buffer) {
    if (chunk) this.chunks.push(chunk);
  }
  cork() {}
  uncork() {}
  get body() {
    return Buffer.concat(this.chunks);
  }
  get cookies(): string[] {
    const value = this.headers['set-cookie'];
    return value === undefined ? [] : ([] as string[]).concat(value);
  }
}

async function ask(url: string, headers: Record<string, string> = {}) {
  const res = new Answer();
  const answered = await front(request(url, headers), res as unknown as ServerResponse);
  return { answered, res };
}

function keyFor(url: string, options: { shopCookieSet?: boolean; inApp?: boolean } = {}) {
  return {
    url: new URL(url, `http://${HOST}`),
    contentVersion: knownContentVersion()!,
    inApp: options.inApp ?? false,
    origin: `http://${HOST}`,
    shopCookieSet: options.shopCookieSet ?? false,
  };
}

const html = (text: string) =>
  new Response(text, {
    headers: {
      'content-type': 'text/html',
      'content-security-policy': "default-src 'self'",
      'cache-control': 'private, no-store',
    },
  });

async function keepFor(
  url: string,
  text: string,
  notice: string | null = null,
  shopCookie = false,
) {
  await keepPage(
    pageKey(keyFor(url, { shopCookieSet: shopCookie })),
    html(text),
    Date.now(),
    PAGE_TTL_MS,
    { shopId: '1001', notice },
  );
}

async function userId(phone: string): Promise<number> {
  const [row] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, phone));
  return row!.id;
}

describe('a visitor at the front door', () => {
  it('gets the kept page in their encoding, with the shop remembered', async () => {
    await keepFor(PAGE, '<p>商品详情</p>');
    const { answered, res } = await ask(PAGE, { 'accept-encoding': 'gzip, deflate, br' });
    expect(answered).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['content-security-policy']).toBe("default-src 'self'");
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(brotliDecompressSync(res.body).toString()).toBe('<p>商品详情</p>');
    expect(Number(res.headers['content-length'])).toBe(res.body.byteLength);
    expect(res.cookies).toEqual(['shop_id=1001; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax']);

    const gz = await ask(PAGE, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.res.body).toString()).toBe('<p>商品详情</p>');
  });

  it('with the shop cookie set gets the page kept for that, and no cookie', async () => {
    await keepFor(PAGE, '<p>已记住的店</p>', null, true);
    const { answered, res } = await ask(PAGE, { cookie: 'shop_id=1001' });
    expect(answered).toBe(true);
    expect(res.body.toString()).toBe('<p>已记住的店</p>');
    expect(res.cookies).toEqual([]);
  });

  it('arriving by a keeper’s link on a kept page is remembered and counted', async () => {
    const keeper = await userId(demoPhones.owner1001);
    const link = `${PAGE}&distributorId=${keeper}`;
    await keepFor(link, '<p>店主分享</p>');
    const visits = async () =>
      (
        await database.db
          .select({ visits: linkVisits.visits })
          .from(linkVisits)
          .where(and(eq(linkVisits.shopId, '1001'), eq(linkVisits.distributorId, keeper)))
      ).reduce((sum, row) => sum + row.visits, 0);
    const before = await visits();
    const { answered, res } = await ask(link);
    expect(answered).toBe(true);
    expect(res.cookies.some((c) => c.startsWith('arrival_1001='))).toBe(true);
    expect(await visits()).toBe(before + 1);
  });

  it('is sent to read the shop notice first unless they read it (robots read the page)', async () => {
    const stamp = noticeStamp('本店公告');
    await keepFor(PAGE, '<p>有公告</p>', stamp);
    expect((await ask(PAGE)).answered).toBe(false);
    expect((await ask(PAGE, { cookie: `${noticeCookieName('1001')}=other` })).answered).toBe(false);
    expect(
      (await ask(PAGE, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).answered,
    ).toBe(true);
    // The notice cookie does not name the shop: the page kept without the shop cookie.
    const read = await ask(PAGE, { cookie: `${noticeCookieName('1001')}=${stamp}` });
    expect(read.answered).toBe(true);
    expect(read.res.body.toString()).toBe('<p>有公告</p>');
  });

  it('leaves to the framework what it cannot answer from memory, untouched', async () => {
    await keepFor(PAGE, '<p>x</p>');
    const left = [
      await ask('/productDetail?productNo=P10010001'), // no shopId: redirected to add it
      await ask(PAGE, { cookie: 'shop_return=/my' }), // a sign-in under way
      await ask('/productDetail?productNo=P10010002&shopId=1001'), // nothing kept
      await ask(PAGE, { 'user-agent': 'Mozilla/5.0 MicroMessenger/8.0' }), // kept for browsers only
      await ask(PAGE, { host: 'other.test' }), // another origin
    ];
    for (const { answered, res } of left) {
      expect(answered).toBe(false);
      expect(res.status).toBe(0);
    }
    const post = new Answer();
    const request_ = { ...request(PAGE), method: 'POST' } as unknown as IncomingMessage;
    expect(await front(request_, post as unknown as ServerResponse)).toBe(false);
  });

  it('follows the content version: a page kept for the old one is not answered', async () => {
    await keepFor(PAGE, '<p>旧</p>');
    expect((await ask(PAGE)).answered).toBe(true);
    // A price change raises the content version at once: the old page is for an old version.
    const [sku] = await database.db.select({ id: skus.id }).from(skus).limit(1);
    await database.db.update(skus).set({ priceCents: 9_900 }).where(eq(skus.id, sku!.id));
    expect((await ask(PAGE)).answered).toBe(false);
  });
});

describe('a signed-in shopper at the front door', () => {
  async function signedIn(phone: string) {
    const id = await userId(phone);
    const token = await createSession(database.db, id);
    // The framework's first request reads the versions and the session into memory.
    const versions = await readVersions(database.db, id);
    const session = await readViewer(database.db, token, '1001', versions.user);
    return { id, token, session: session! };
  }

  it('gets their kind’s page with their own values written into its tail', async () => {
    const { id, token, session } = await signedIn(demoPhones.consumer);
    const [sku] = await database.db.select({ id: skus.id }).from(skus).limit(1);
    await database.db.delete(cartItems).where(eq(cartItems.userId, id));
    await database.db
      .insert(cartItems)
      .values({ shopId: '1001', userId: id, skuId: sku!.id, quantity: 2 });
    // The insert raised the user's version: the session as of now.
    const now = await signedIn(demoPhones.consumer);

    const route = matchRoute('/productDetail')!.route;
    const { sharedKey } = personalKeys({
      route,
      session: now.session,
      member: now.session.member,
      inApp: false,
      key: keyFor(PAGE, { shopCookieSet: true }),
    });
    const shared = `<p>同类顾客</p><body data-cart-count="${VIEWER_FILL.cartCount}" data-user-id="${VIEWER_FILL.userId}"></body></html>`;
    await keepPage(sharedKey!, html(shared), Date.now(), PAGE_TTL_MS, {
      shopId: '1001',
      notice: null,
    });

    const { answered, res } = await ask(PAGE, {
      cookie: `sid=${now.token}; shop_id=1001`,
      'accept-encoding': 'br',
    });
    expect(answered).toBe(true);
    expect(brotliDecompressSync(res.body).toString()).toBe(
      `<p>同类顾客</p><body data-cart-count="2" data-user-id="${id}"></body></html>`,
    );
    // A session read before the cart changed is not held for the user's version now.
    expect(session.userVersion).toBeLessThan(now.session.userVersion);
    expect((await ask(PAGE, { cookie: `sid=${token}; shop_id=1001` })).answered).toBe(false);
  });

  it('gets their own kept page, and nothing once their version moves on', async () => {
    const me = await signedIn(demoPhones.consumer);
    const my = '/my?shopId=1001';
    const { userCache } = personalKeys({
      route: matchRoute('/my')!.route,
      session: me.session,
      member: me.session.member,
      inApp: false,
      key: keyFor(my, { shopCookieSet: true }),
    });
    await keepPage(userCache!.key, html('<p>我的</p>'), Date.now(), userCache!.ttlMs, {
      shopId: '1001',
      notice: null,
    });
    const cookie = `sid=${me.token}; shop_id=1001`;
    const first = await ask(my, { cookie });
    expect(first.answered).toBe(true);
    expect(first.res.body.toString()).toBe('<p>我的</p>');

    await database.db.delete(cartItems).where(eq(cartItems.userId, me.id));
    // Their version rose: the session held for the old one is not theirs any more.
    expect((await ask(my, { cookie })).answered).toBe(false);
    // Nor does an unknown session get anything.
    expect((await ask(my, { cookie: 'sid=unknown; shop_id=1001' })).answered).toBe(false);
  });
});
