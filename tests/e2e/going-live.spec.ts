/**
 * Open for business (issue #26, "Must show"): the shop in production mode, with a second shop in
 * demo mode standing in for the outside world (every base URL pointed at its sandboxes). The
 * production shop mounts no sandbox, has no dev outbox and no 演示环境 ribbon, and a shopper
 * pays through the outside gateway: its cashier, its notification, back to 支付成功.
 */
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { seedHandles } from '#lib/platform/db/seed/handles.ts';
import { freshPhone, signInAs } from '../fixtures/accounts.ts';
import { startOutsideWorld, type OutsideWorld } from '../fixtures/outside-world.ts';

const SHOP = '1001';
const PRODUCT = seedHandles.shop1001.sales.senyeRunning.products[0]!;
const SKU_NO = PRODUCT.skuNos[0]!;

let world: OutsideWorld;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  world = await startOutsideWorld({ outside: 'shop_e2e_outside', shop: 'shop_e2e_golive' });
  await world.shopAdmin.db.update(t.skus).set({ stock: 50 }).where(eq(t.skus.skuNo, SKU_NO));
});
test.afterAll(async () => {
  await world?.stop();
});

const islandsReady = (page: Page) =>
  page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });

test('production mounts no sandbox, no dev outbox, and shows no 演示环境', async ({ page }) => {
  const { shop, outside } = world;
  for (const path of [
    '/sandbox/wechatpay/cashier',
    '/sandbox/weixin/connect/oauth2/authorize?appid=wx1&redirect_uri=x&response_type=code&scope=snsapi_base',
    '/sandbox/wechatpay/v3/pay/transactions/out-trade-no/X?mchid=1900000109',
  ]) {
    const response = await fetch(`${shop.url}${path}`);
    expect(response.status, path).toBe(404);
  }
  const outbox = await fetch(`${shop.url}/api/dev/sms-outbox?phone=13800000001`);
  expect(outbox.status).toBe(404);

  await page.goto(`${shop.url}/index?shopId=${SHOP}`);
  await expect(page.locator('.demo-ribbon')).toHaveCount(0);
  await page.goto(`${outside.url}/index?shopId=${SHOP}`);
  await expect(page.getByRole('note', { name: '演示环境' })).toBeVisible();
});

test('a shopper pays through the outside gateway and lands on 支付成功', async ({ page }) => {
  test.setTimeout(120_000);
  const { shop, shopAdmin } = world;
  const phone = freshPhone();
  const { id } = await signInAs(shopAdmin, shop.url, page.context(), phone);
  await shopAdmin.db.insert(t.addresses).values({
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

  await page.goto(`${shop.url}/confirmationOrder?shopId=${SHOP}&skuNo=${SKU_NO}&quantity=1`);
  const pay = (await page.locator('[data-pay]').innerText()).replace(/\s/g, '');
  await islandsReady(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/checkout\?.*groupNo=[A-Z0-9]+/);
  await page.getByRole('button', { name: `确认支付 ${pay}` }).click();
  // The gateway's own H5 page, on the outside world's host.
  await expect(page).toHaveURL(new RegExp(`^${world.outside.url}/sandbox/wechatpay/cashier`));
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(new RegExp(`^${shop.url}/success\\?.*paymentNo=[A-Z0-9]+`));
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 35_000 });
  await expect(page.locator('[data-paid-amount]')).toHaveText(`实付 ${pay}`);
});
