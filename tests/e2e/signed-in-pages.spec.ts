/**
 * Signed-in pages are shared or kept (decision 015) without showing one person's data to
 * another: shoppers in turn on the same page each get their own cart count, role and name; a
 * visitor after them gets nobody's; a change of name, role or session shows on the next request.
 * Requests go through each browser context's cookies (no rendering needed to read the HTML).
 */
import { and, eq } from 'drizzle-orm';
import type { BrowserContext } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { MemberRole } from '#lib/membership/roles.ts';

let admin: Database;
let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_signed_in' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
  admin = pgShop.admin;
});

const PRODUCT = '/productDetail?productNo=P10010001&shopId=1001';
const HOME = '/index?shopId=1001';
const MY = '/my?shopId=1001';

async function html(context: BrowserContext, path: string): Promise<string> {
  const response = await context.request.get(new URL(path, shop.url).href, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  return response.text();
}

const bodyData = (page: string, name: string) =>
  new RegExp(`<body[^>]*\\sdata-${name}="([^"]*)"`).exec(page)?.[1];

async function putInCart(userId: number, quantity: number): Promise<void> {
  const [sku] = await admin.db
    .select({ id: t.skus.id })
    .from(t.skus)
    .innerJoin(t.products, eq(t.products.id, t.skus.productId))
    .where(eq(t.products.productNo, 'P10010001'))
    .limit(1);
  await admin.db.delete(t.cartItems).where(eq(t.cartItems.userId, userId));
  await admin.db.insert(t.cartItems).values({ shopId: '1001', userId, skuId: sku!.id, quantity });
}

test('shoppers in turn on one page each get their own cart count and role; a visitor gets none', async ({
  browser,
}) => {
  const consumerContext = await browser.newContext();
  const ownerContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  const consumer = await shop.signIn(consumerContext, demoPhones.consumer);
  const owner = await shop.signIn(ownerContext, demoPhones.owner1001);
  await putInCart(consumer.id, 3);
  await putInCart(owner.id, 5);

  for (let round = 0; round < 2; round++) {
    const mine = await html(consumerContext, PRODUCT);
    expect(bodyData(mine, 'cart-count')).toBe('3');
    expect(bodyData(mine, 'logged-in')).toBe('true');
    expect(mine).not.toContain('data-profit-tag');

    const theirs = await html(ownerContext, PRODUCT);
    expect(bodyData(theirs, 'cart-count')).toBe('5');
    expect(theirs).toContain('data-profit-tag');

    const nobody = await html(visitorContext, PRODUCT);
    expect(bodyData(nobody, 'cart-count')).toBeUndefined();
    expect(bodyData(nobody, 'logged-in')).toBe('false');
    expect(nobody).not.toContain('data-profit-tag');
    // No shared rendering ever leaves its placeholders in a page.
    for (const page of [mine, theirs, nobody]) expect(page).not.toMatch(/fill-[\w-]+-cart/);
  }

  // Adding to the cart shows in the next page at once.
  await putInCart(consumer.id, 7);
  expect(bodyData(await html(consumerContext, PRODUCT), 'cart-count')).toBe('7');

  // The home page: each shopper gets the tab bar of their role, the visitor none of theirs.
  const consumerHome = await html(consumerContext, HOME);
  const visitorHome = await html(visitorContext, HOME);
  expect(bodyData(consumerHome, 'logged-in')).toBe('true');
  expect(bodyData(visitorHome, 'logged-in')).toBe('false');
  for (const context of [consumerContext, ownerContext, visitorContext]) await context.close();
});

test('the my page follows a change of name, role or session on the next request', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const other = await browser.newContext();
  const { id, token } = await shop.signIn(context, demoPhones.owner1001);
  await shop.signIn(other, demoPhones.consumer);

  const first = await html(context, MY);
  expect(first).toContain('林店主');
  expect(await html(other, MY)).not.toContain('林店主');

  await admin.db.update(t.users).set({ nickname: '林店主改名' }).where(eq(t.users.id, id));
  expect(await html(context, MY)).toContain('林店主改名');

  // A role switch made elsewhere (another server, an admin) shows at once.
  const where = and(eq(t.shopMembers.userId, id), eq(t.shopMembers.shopId, '1001'));
  await admin.db.update(t.shopMembers).set({ role: MemberRole.Consumer }).where(where);
  expect(await html(context, MY)).toMatch(/data-role="C"/);
  await admin.db.update(t.shopMembers).set({ role: MemberRole.Distributor }).where(where);
  expect(await html(context, MY)).toMatch(/data-role="D"/);

  // The session ended elsewhere (logout on another server): the next request is signed out.
  await admin.db.delete(t.sessions).where(eq(t.sessions.userId, id));
  const after = await context.request.get(new URL(MY, shop.url).href, { maxRedirects: 0 });
  expect(after.status()).toBe(302);
  expect(token).toBeTruthy();
  await admin.db.update(t.users).set({ nickname: '林店主' }).where(eq(t.users.id, id));
  await context.close();
  await other.close();
});
