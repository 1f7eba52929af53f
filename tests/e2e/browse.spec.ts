/**
 * Browsing: a shopper goes from the home page into a brand sale, opens a product, picks a SKU and
 * adds it to the cart; pages that are gone say so; what previews and search engines read is right.
 * Runs on a PostgreSQL-backed shop so the test can sign the shopper in (login is its own issue).
 */
import { eq } from 'drizzle-orm';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { createSession } from '#lib/identity/sessions.server.ts';
import { seedHandles } from '#demo/handles.ts';

const { shop1001 } = seedHandles;

let admin: Database;
let shop: PgShop;

test.describe.configure({ mode: 'serial' });

test.use({ shopDatabase: 'shop_e2e_browse' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
  admin = pgShop.admin;
});

test('a new shopper goes from home to a brand sale to a product, picks a SKU, adds it to the cart and sees the badge', async ({
  page,
  context,
}) => {
  const [user] = await admin.db
    .insert(t.users)
    .values({ phone: '13900000042', nickname: '新朋友' })
    .returning();
  const token = await createSession(admin.db, user!.id);
  await context.addCookies([
    { name: 'sid', value: token, url: shop.url, httpOnly: true, sameSite: 'Lax' },
  ]);

  await page.goto(`${shop.url}/index?shopId=1001&distributorId=2`);
  // A new shopper meets the shop's red-envelope rain first, and closes it.
  const rain = page.getByRole('dialog', { name: '红包雨来啦' });
  await rain.getByRole('button', { name: '关闭' }).click();
  await expect(rain).toBeHidden();
  await page.locator('.sales a').first().click();
  await expect(page).toHaveURL(
    new RegExp(`/brand\\?activityNo=${shop1001.sales.senyeRunning.activityNo}`),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('森野 SENYE 品牌特卖');
  await expect(page.locator('[data-countdown]')).toContainText('距结束');

  await page
    .getByRole('link', { name: /轻量防风冲锋衣/ })
    .first()
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/productDetail\\?productNo=${shop1001.sales.senyeRunning.products[0]!.productNo}`),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('森野 轻量防风冲锋衣');

  // The buying bar is an island hydrated when the browser is idle.
  await page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .waitFor({ state: 'attached' });
  await page.getByRole('button', { name: '加入购物车' }).click();
  const sheet = page.getByRole('dialog', { name: '选择规格' });
  await expect(sheet).toBeVisible();
  // The first colour and size that are in stock.
  await sheet.locator('fieldset').first().locator('button[aria-pressed]:enabled').first().click();
  await sheet.locator('fieldset').nth(1).locator('button[aria-pressed]:enabled').first().click();
  await sheet.getByRole('button', { name: '增加' }).click();
  await sheet.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.locator('#shell-toast')).toHaveText('已加入购物车');
  await expect(page.locator('.bar-badge')).toHaveText('2');

  const lines = await admin.db.select().from(t.cartItems).where(eq(t.cartItems.userId, user!.id));
  expect(lines).toHaveLength(1);
  expect(lines[0]!.quantity).toBe(2);

  // The badge follows the shopper to the home page.
  await page.goto(`${shop.url}/index?shopId=1001`);
  await expect(page.locator('[data-cart-badge]')).toHaveText('2');
});

test('a visitor who is not signed in is sent to log in when adding to the cart', async ({
  page,
}) => {
  await page.goto(
    `${shop.url}/productDetail?productNo=${shop1001.sales.senyeRunning.products[0]!.productNo}&shopId=1001`,
  );
  await page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .waitFor({ state: 'attached' });
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(page).toHaveURL(/\/login_web\?/);
});

test('an ended sale says so and sells nothing; an unknown product and sale show their pages', async ({
  page,
}) => {
  await page.goto(
    `${shop.url}/brand?activityNo=${shop1001.sales.senyeEnded.activityNo}&shopId=1001`,
  );
  await expect(page.getByText('本场特卖已结束，去看看正在进行的特卖吧')).toBeVisible();
  await page.goto(
    `${shop.url}/productDetail?productNo=${shop1001.sales.senyeEnded.products[0]!.productNo}&shopId=1001`,
  );
  await expect(page.getByRole('button', { name: '活动已结束' })).toBeDisabled();

  const unknownProduct = await page.goto(`${shop.url}/productDetail?productNo=P404&shopId=1001`);
  expect(unknownProduct?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '商品已下架' })).toBeVisible();
  const unknownSale = await page.goto(`${shop.url}/brand?activityNo=A404&shopId=1001`);
  expect(unknownSale?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '活动已结束' })).toBeVisible();
});

test('the product page JSON-LD price equals the shown price, markups included', async ({
  page,
}) => {
  await admin.db.update(t.shops).set({ globalAddPriceCents: 1000 }).where(eq(t.shops.id, '1001'));
  try {
    await page.goto(
      `${shop.url}/productDetail?productNo=${shop1001.sales.senyeRunning.products[2]!.productNo}&shopId=1001`,
    );
    const shown = await page.locator('[data-price]').innerText();
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = ld.map((text) => JSON.parse(text)).find((item) => item['@type'] === 'Product');
    expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'CNY', price: shown });
    expect(product.offers.availability).toBe('https://schema.org/InStock');
    const [row] = await admin.db
      .select()
      .from(t.products)
      .where(eq(t.products.productNo, shop1001.sales.senyeRunning.products[2]!.productNo));
    expect(shown).toBe(((row!.priceCents + 1000) / 100).toFixed(2));
  } finally {
    await admin.db.update(t.shops).set({ globalAddPriceCents: 0 }).where(eq(t.shops.id, '1001'));
  }
});

test('a distributor sees the profit tag and the sharing banner; a shopper sees neither', async ({
  page,
  context,
}) => {
  const path = `${shop.url}/productDetail?productNo=${shop1001.sales.senyeRunning.products[0]!.productNo}&shopId=1001`;
  await page.goto(path);
  await expect(page.locator('[data-profit-tag]')).toHaveCount(0);
  await expect(page.locator('.pro-banner')).toHaveCount(0);
  const [owner] = await admin.db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.phone, demoPhones.owner1001));
  const token = await createSession(admin.db, owner!.id);
  await context.addCookies([
    { name: 'sid', value: token, url: shop.url, httpOnly: true, sameSite: 'Lax' },
  ]);
  await page.goto(path);
  await expect(page.locator('[data-profit-tag]')).toHaveText(/^分享赚 ¥\d+\.\d{2}$/);
  await expect(page.locator('.pro-banner')).toHaveAttribute('alt', '分享赚佣金');
});

test('the SKU picker offers size help for letter sizes', async ({ page, context }) => {
  const [user] = await admin.db
    .insert(t.users)
    .values({ phone: '13900000043', nickname: '量尺码' })
    .returning();
  const token = await createSession(admin.db, user!.id);
  await context.addCookies([
    { name: 'sid', value: token, url: shop.url, httpOnly: true, sameSite: 'Lax' },
  ]);
  await page.goto(
    `${shop.url}/productDetail?productNo=${shop1001.sales.senyeRunning.products[0]!.productNo}&shopId=1001`,
  );
  await page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .waitFor({ state: 'attached' });
  await page.getByRole('button', { name: '立即购买' }).click();
  await page.getByRole('button', { name: '尺码助手' }).click();
  await expect(page.getByRole('row', { name: /^M/ })).toContainText('160-168cm / 50-58kg');
});
