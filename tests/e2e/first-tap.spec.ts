/**
 * No tap is lost (issue 28, "Must show"): on a phone-like browser (CPU 4× slower, 150 ms latency,
 * 1.6 Mbps), the first tap on 加入购物车, 去结算, 提交订单 and 确认支付, made the moment the page's
 * `load` fires, before its island has hydrated, does what it says. The tap is held while the
 * island loads (shown pressed) and replayed once it is ready (platform/ui/tap-keeper.js).
 */
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { seedHandles } from '#demo/handles.ts';
import { freshPhone } from '../fixtures/accounts.ts';
import { pageScripts } from '../fixtures/page-js.ts';
import { throttle } from '../fixtures/slow-phone.ts';

const PRODUCT = seedHandles.shop1001.sales.senyeRunning.products[0]!;
const SKU_NO = PRODUCT.skuNos[0]!;

let shop: PgShop;
test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_first_tap' });
test.beforeAll(async ({ pgShop }) => {
  shop = pgShop;
  await shop.admin.db.update(t.skus).set({ stock: 50 }).where(eq(t.skus.skuNo, SKU_NO));
});

/** Opens the page and answers once `load` has fired, when a shopper sees it ready to tap. */
async function openAtLoad(page: Page, path: string): Promise<void> {
  await page.goto(`${shop.url}${path}`, { waitUntil: 'load' });
}

test('the first tap on each buying step, made at load, is taken on a throttled phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { id } = await shop.signIn(page.context(), freshPhone());
  await shop.admin.db.insert(t.addresses).values({
    userId: id,
    name: '王五',
    phone: '13700137000',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    regionCode: '330106',
    detail: '文三路1号',
    isDefault: true,
  });
  await throttle(page);

  // 加入购物车 opens the SKU choice.
  await openAtLoad(page, `/productDetail?productNo=${PRODUCT.productNo}&shopId=1001`);
  await page.getByRole('button', { name: '加入购物车' }).click();
  const sheet = page.getByRole('dialog', { name: '选择规格' });
  await expect(sheet).toBeVisible({ timeout: 30_000 });
  const [sku] = await shop.admin.db
    .select({ color: t.skus.color, size: t.skus.size })
    .from(t.skus)
    .where(eq(t.skus.skuNo, SKU_NO));
  for (const name of [sku!.color, sku!.size].filter(Boolean)) {
    const choice = sheet.locator('fieldset button[aria-pressed]').getByText(name, { exact: true });
    if ((await choice.getAttribute('aria-pressed')) !== 'true') await choice.click();
  }
  await sheet.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByText('已加入购物车')).toBeVisible({ timeout: 30_000 });

  // 去结算 goes to 确认订单 with the cart's selection.
  await openAtLoad(page, '/cart?shopId=1001');
  await page.getByRole('button', { name: /^去结算/ }).click();
  await expect(page).toHaveURL(/\/confirmationOrder\?.*from=cart/, { timeout: 30_000 });

  // 提交订单 places the order and opens 收银台.
  await page.waitForLoadState('load');
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/checkout\?/, { timeout: 30_000 });

  // 确认支付 goes to the gateway's cashier.
  await page.waitForLoadState('load');
  await page.getByRole('button', { name: /^确认支付 ¥/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/wechatpay\/cashier/, { timeout: 30_000 });
});

test('the login form takes a phone typed and 获取验证码 tapped at load on a throttled phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await throttle(page);
  const phone = freshPhone();
  await openAtLoad(page, '/login_web?shopId=1001');
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  await page.locator('.login-send').click();
  await expect(page.locator('.login-send')).toHaveText(/\d+s/, { timeout: 30_000 });
  expect(await shop.smsCode(phone)).toMatch(/^\d{6}$/);
  await expect(page.getByLabel('手机号', { exact: true })).toHaveValue(phone);
});

test('shopper pages ship no schema library: the browser sends what the contract names', async ({
  page,
}) => {
  await shop.signIn(page.context(), freshPhone());
  const cookie = (await page.context().cookies())
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
  for (const [path, signedIn] of [
    ['/index?shopId=1001', false],
    [`/productDetail?productNo=${PRODUCT.productNo}&shopId=1001`, false],
    ['/search?keyword=%E6%A3%AE%E9%87%8E&shopId=1001', false],
    [`/productDetail?productNo=${PRODUCT.productNo}&shopId=1001`, true],
    ['/cart?shopId=1001', true],
    ['/confirmationOrder?from=cart&shopId=1001', true],
    ['/order?shopId=1001', true],
    ['/coupon-center?shopId=1001', true],
    ['/my?shopId=1001', true],
  ] as const) {
    const scripts = await pageScripts(new URL(path, shop.url), signedIn ? cookie : undefined);
    expect(scripts.length, path).toBeGreaterThan(0);
    const withZod = scripts.filter((s) => /\$ZodType|ZodError/.test(s.code)).map((s) => s.path);
    expect(withZod, `${path}${signedIn ? ' (signed in)' : ''}`).toEqual([]);
  }
});
