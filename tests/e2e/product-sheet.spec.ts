/**
 * The product page's buy bar and size sheet as a shopper meets them: drawn icons above 首页 and
 * 购物车 with the badge on the icon, the back icon in the bar's first slot, and a sheet with a
 * close button (and Escape), the chosen SKU's picture and the stock left. Runs on a
 * PostgreSQL-backed shop so the test can sign the shopper in and set the stock.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Locator } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { seedHandles } from '#demo/handles.ts';

const PRODUCT = seedHandles.shop1001.sales.senyeRunning.products[0]!.productNo;

let admin: Database;
let shop: PgShop;
/** The SKU set to few left, with a picture of its own. */
let lowSku: { color: string; size: string; imageId: string };
let coverId: string;

test.describe.configure({ mode: 'serial' });

test.use({ shopDatabase: 'shop_e2e_sheet' });
test.beforeAll(async ({ pgShop }) => {
  shop = pgShop;
  admin = pgShop.admin;

  // Before any page is shown, so no cached page holds older stock.
  const [product] = await admin.db
    .select({ id: t.products.id })
    .from(t.products)
    .where(eq(t.products.productNo, PRODUCT));
  const images = await admin.db
    .select({ url: t.productImages.url })
    .from(t.productImages)
    .where(and(eq(t.productImages.productId, product!.id), eq(t.productImages.kind, 'main')))
    .orderBy(asc(t.productImages.sort));
  const [otherPicture] = await admin.db
    .select({ url: t.productImages.url })
    .from(t.productImages)
    .where(ne(t.productImages.productId, product!.id))
    .limit(1);
  coverId = images[0]!.url.replace('/media/', '');
  const skuRows = await admin.db
    .select()
    .from(t.skus)
    .where(eq(t.skus.productId, product!.id))
    .orderBy(asc(t.skus.skuNo));
  await admin.db
    .update(t.skus)
    .set({ stock: 50, imageUrl: null })
    .where(eq(t.skus.productId, product!.id));
  const low = skuRows[0]!;
  await admin.db
    .update(t.skus)
    .set({ stock: 3, imageUrl: otherPicture!.url })
    .where(eq(t.skus.id, low.id));
  lowSku = { color: low.color, size: low.size, imageId: otherPicture!.url.replace('/media/', '') };
});

/** Picks a colour and a size by their names (a single choice is picked already). */
async function pick(sheet: Locator, choice: { color: string; size: string }) {
  for (const name of [choice.color, choice.size].filter(Boolean)) {
    const button = sheet.locator('fieldset button[aria-pressed]').getByText(name, { exact: true });
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  }
}

test('the bar shows drawn icons above 首页 and 购物车, the badge on the icon, and the back icon beside them', async ({
  page,
  context,
}) => {
  await shop.signIn(context, '13900000101');
  await page.goto(`${shop.url}/index?shopId=1001`);
  await page.goto(`${shop.url}/productDetail?productNo=${PRODUCT}&shopId=1001`);
  await page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .waitFor({ state: 'attached' });

  const home = page.getByRole('link', { name: '首页', exact: true });
  // Named "1 购物车" once the badge shows.
  const cart = page.getByRole('link', { name: /^(\d+\+? )?购物车$/ });
  for (const link of [home, cart]) {
    const icon = (await link.locator('svg').boundingBox())!;
    const label = (await link.boundingBox())!;
    // The icon at the top of the link, the word below it.
    expect(icon.y - label.y).toBeLessThan(4);
    expect(label.height).toBeGreaterThan(icon.height + 10);
  }

  // The back icon takes the bar's first slot: fully left of 首页.
  const back = (await page.locator('[data-shell-back]').boundingBox())!;
  expect(back.x + back.width).toBeLessThanOrEqual((await home.boundingBox())!.x);

  await page.getByRole('button', { name: '加入购物车' }).click();
  const sheet = page.getByRole('dialog', { name: '选择规格' });
  await pick(sheet, lowSku);
  await sheet.getByRole('button', { name: '加入购物车' }).click();
  const badge = cart.locator('.bar-badge');
  await expect(badge).toHaveText('1');
  // On the icon's corner, clear of the label below it.
  const badgeBox = (await badge.boundingBox())!;
  const iconBox = (await cart.locator('svg').boundingBox())!;
  expect(badgeBox.y + badgeBox.height).toBeLessThanOrEqual(iconBox.y + iconBox.height);
  expect(badgeBox.x).toBeGreaterThan(iconBox.x + iconBox.width / 2);
});

test('the sheet shows the picture and the stock left, and closes by its × and by Escape', async ({
  page,
  context,
}) => {
  await shop.signIn(context, '13900000102');
  await page.goto(`${shop.url}/productDetail?productNo=${PRODUCT}&shopId=1001`);
  await page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .waitFor({ state: 'attached' });

  const sheet = page.getByRole('dialog', { name: '选择规格' });
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(sheet).toBeVisible();
  const picture = sheet.locator('img.sheet-picture');
  // The product's cover until a SKU with its own picture is chosen.
  await expect(picture).toHaveAttribute('src', `/img/${coverId}?w=400`);
  await expect(sheet.locator('.sheet-stock')).toHaveText('请选择规格');

  await pick(sheet, lowSku);
  await expect(sheet.locator('.sheet-stock')).toHaveText('仅剩3件');
  await expect(picture).toHaveAttribute('src', `/img/${lowSku.imageId}?w=400`);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await sheet.getByRole('button', { name: '关闭' }).click();
  await expect(sheet).toBeHidden();

  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('a SKU with plenty left shows the count', async ({ page, context }) => {
  await shop.signIn(context, '13900000103');
  await page.goto(`${shop.url}/productDetail?productNo=${PRODUCT}&shopId=1001`);
  await page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .waitFor({ state: 'attached' });
  await page.getByRole('button', { name: '加入购物车' }).click();
  const sheet = page.getByRole('dialog', { name: '选择规格' });
  const [other] = await admin.db
    .select({ color: t.skus.color, size: t.skus.size })
    .from(t.skus)
    .innerJoin(t.products, eq(t.products.id, t.skus.productId))
    .where(and(eq(t.products.productNo, PRODUCT), eq(t.skus.stock, 50)))
    .limit(1);
  await pick(sheet, other!);
  await expect(sheet.locator('.sheet-stock')).toHaveText('库存50件');
});
