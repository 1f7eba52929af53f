/**
 * Kept pages answered before the framework (decision 045), through the running server on
 * PostgreSQL: a visitor's kept page is the rendering with every header the middleware gives it; a
 * keeper's link, the shop cookie and the shop's notice work on it as on a rendering; a change made
 * in the database by another process shows without a restart; a signed-in shopper's shared page
 * carries their own values on <body> in a real browser; the built files go out compressed at build.
 */
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import * as t from '#lib/platform/db/schema.ts';
import { noticeCookieName, noticeStamp } from '#lib/shell/index.ts';

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_front' });

let shop: PgShop;
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const PRODUCT = '/productDetail?productNo=P10010001&shopId=1001';
const SEED_NAME = '小鹿优选';

async function resetShop() {
  await shop.admin.db
    .update(t.shops)
    .set({ name: SEED_NAME, noticeEnabled: false, noticeText: '' })
    .where(eq(t.shops.id, '1001'));
}
test.afterAll(resetShop);

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request as a phone sends it, the body as it travelled (brotli). */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    httpRequest(
      new URL(path, shop.url),
      { headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    )
      .on('error', reject)
      .end();
  });
}

const text = (raw: Raw) =>
  raw.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(raw.body).toString()
    : raw.body.toString();
const cookies = (raw: Raw) => ([] as string[]).concat(raw.headers['set-cookie'] ?? []);

const SAME_HEADERS = [
  'content-type',
  'content-security-policy',
  'cache-control',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'content-encoding',
  'vary',
];

test('a visitor’s kept page is the rendering, with every header and cookie the middleware gives it', async () => {
  const url = `${PRODUCT}&spm=front.same`;
  const rendered = await get(url);
  const kept = await get(url);
  expect(rendered.status).toBe(200);
  expect(kept.status).toBe(200);
  expect(text(kept)).toBe(text(rendered));
  expect(text(kept)).toContain('<body');
  for (const name of SAME_HEADERS) expect(kept.headers[name], name).toEqual(rendered.headers[name]);
  expect(kept.headers['content-encoding']).toBe('br');
  expect(kept.headers['x-frame-options']).toBe('DENY');
  expect(Number(kept.headers['content-length'])).toBe(kept.body.byteLength);
  // No shop cookie yet: both remember the shop.
  expect(cookies(kept)).toEqual(cookies(rendered));
  expect(cookies(kept)).toEqual([expect.stringMatching(/^shop_id=1001; /)]);
  // With the shop cookie: the page kept for that, and no cookie again.
  await get(url, { cookie: 'shop_id=1001' });
  const remembered = await get(url, { cookie: 'shop_id=1001' });
  expect(remembered.status).toBe(200);
  expect(cookies(remembered)).toEqual([]);
});

test('a keeper’s link on a kept page: every new visitor is remembered and counted', async () => {
  const [keeper] = await shop.admin.db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.phone, demoPhones.owner1001));
  const visits = async () =>
    (
      await shop.admin.db
        .select({ visits: t.linkVisits.visits })
        .from(t.linkVisits)
        .where(and(eq(t.linkVisits.shopId, '1001'), eq(t.linkVisits.distributorId, keeper!.id)))
    ).reduce((sum, row) => sum + row.visits, 0);
  const link = `${PRODUCT}&distributorId=${keeper!.id}`;
  const before = await visits();
  for (let visitor = 0; visitor < 3; visitor++) {
    const answer = await get(link);
    expect(answer.status).toBe(200);
    expect(cookies(answer).some((c) => /^arrival_1001=[^;]+;.*HttpOnly/.test(c))).toBe(true);
  }
  expect(await visits()).toBe(before + 3);
});

test('the shop’s notice is read first, kept page or not; a visitor who read it gets the page', async () => {
  const notice = '年货节期间发货顺延两天。';
  await shop.admin.db
    .update(t.shops)
    .set({ noticeEnabled: true, noticeText: notice })
    .where(eq(t.shops.id, '1001'));
  const read = { cookie: `${noticeCookieName('1001')}=${noticeStamp(notice)}` };
  // Once the change has reached the server, a new visitor is sent to read it first.
  await expect.poll(async () => (await get(PRODUCT)).status).toBe(302);
  // A visitor who read it gets the page: rendered, then kept.
  expect((await get(PRODUCT, read)).status).toBe(200);
  expect((await get(PRODUCT, read)).status).toBe(200);
  // A new visitor still reads the notice first, though the page is kept now.
  const fresh = await get(PRODUCT);
  expect(fresh.status).toBe(302);
  expect(fresh.headers['location']).toMatch(/\/insideTips\?/);
  await resetShop();
});

test('a change made in the database by another process shows without a restart', async () => {
  const url = `${PRODUCT}&spm=front.change`;
  await get(url);
  expect(text(await get(url))).toContain(SEED_NAME);
  await shop.admin.db.update(t.shops).set({ name: '小鹿新店' }).where(eq(t.shops.id, '1001'));
  // Heard through LISTEN within moments (the backstop reads the version every second).
  await expect.poll(async () => text(await get(url)), { timeout: 3_000 }).toContain('小鹿新店');
  await resetShop();
  await expect.poll(async () => text(await get(url)), { timeout: 3_000 }).toContain(SEED_NAME);
});

test('a signed-in shopper’s shared page carries their own values on <body> in the browser', async ({
  pageAs,
}) => {
  const page = await pageAs('consumer');
  const [user] = await shop.admin.db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.phone, demoPhones.consumer));
  const [sku] = await shop.admin.db
    .select({ id: t.skus.id })
    .from(t.skus)
    .innerJoin(t.products, eq(t.products.id, t.skus.productId))
    .where(eq(t.products.productNo, 'P10010001'))
    .limit(1);
  await shop.admin.db.delete(t.cartItems).where(eq(t.cartItems.userId, user!.id));
  await shop.admin.db
    .insert(t.cartItems)
    .values({ shopId: '1001', userId: user!.id, skuId: sku!.id, quantity: 4 });
  const product = new URL(PRODUCT, shop.url).href;
  await expect
    .poll(async () => {
      await page.goto(product);
      return page.evaluate(() => ({ ...document.body.dataset }));
    })
    .toMatchObject({ cartCount: '4', userId: String(user!.id), loggedIn: 'true' });
  // Again (a kept rendering by now): the same values, the badge of the buy bar shows them.
  await page.goto(product);
  expect(await page.evaluate(() => document.body.dataset.cartCount)).toBe('4');
  expect(await page.evaluate(() => document.body.dataset.userId)).toBe(String(user!.id));
  expect(await page.evaluate(() => document.querySelectorAll('body').length)).toBe(1);
  await shop.admin.db.delete(t.cartItems).where(eq(t.cartItems.userId, user!.id));
});

test('the built files go out as the build compressed them', async () => {
  const html = text(await get(PRODUCT));
  // The shell's script, which every shop page loads (a file of a few bytes is not compressed).
  const script = /<script type="module" src="(\/_astro\/ShopLayout[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const file = await get(script!);
  expect(file.status).toBe(200);
  expect(file.headers['content-encoding']).toBe('br');
  expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(file.headers['vary']).toBe('Accept-Encoding');
  expect(file.body).toEqual(readFileSync(`dist/client${script}.br`));
  expect(file.headers['x-content-type-options']).toBe('nosniff');
});
