/**
 * Inside the messaging app in demo mode (decision 033, "Must show"), with no stand-in of the
 * test's own: the page gets the sandbox's bridge (`/sandbox/wechatpay/bridge.js`, a script of
 * the shop's origin under its Content-Security-Policy).
 * - A new shopper signs in through the consent page, buys, taps 确认支付 on the cashier, pays on
 *   the sandbox's in-app pay sheet and lands on 支付成功; closing the sheet first leaves the
 *   payment open. The sandbox cashier's 订单不存在 has a way back.
 * - The demo keeper (signed in inside the app: an openid) withdraws to 微信零钱, the owner
 *   approves, the withdrawal waits 待确认收款; 确认收款 opens the sandbox's confirm-receipt sheet,
 *   and confirmed it is 已到账.
 * On a PostgreSQL-backed shop so the test can look at accounts, orders and the ledger.
 */
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';
import { auditLedger, keeperBalances } from '#lib/commission/ledger.server.ts';
import { IN_APP_UA, userIdFor } from '../fixtures/accounts.ts';

const SHOP = '1001';
const PRODUCT = seedHandles.shop1001.sales.senyeRunning.products[0]!;
const SKU_NO = PRODUCT.skuNos[0]!;
const screen = (name: string) => `test-results/screens/in-app-pay-${name}-375x667.png`;

let shop: PgShop;
test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_in_app_pay', userAgent: IN_APP_UA });
test.beforeAll(async ({ pgShop }) => {
  shop = pgShop;
  await shop.admin.db.update(t.skus).set({ stock: 50 }).where(eq(t.skus.skuNo, SKU_NO));
});

const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });

test('a new shopper signs in through the consent page, buys, and pays on the sandbox’s in-app sheet', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const bridgeScripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/sandbox/wechatpay/bridge.js')) bridgeScripts.push(r.url());
  });
  const order = `${shop.url}/confirmationOrder?shopId=${SHOP}&skuNo=${SKU_NO}&quantity=1`;
  await page.goto(order);
  await expect(page).toHaveURL(/\/sandbox\/weixin\/connect\/oauth2\/authorize\?/);
  await page.getByRole('button', { name: '允许' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-logged-in', 'true');
  const openId = (await page.context().cookies(shop.url)).find((c) => c.name === 'open_id')!.value;
  const [me] = await shop.admin.db.select().from(t.users).where(eq(t.users.openId, openId));
  expect(me!.phone).toBeNull();
  const bind = page.getByRole('dialog', { name: '绑定手机号' });
  await expect(bind).toBeVisible();
  await bind.getByRole('button', { name: '跳过' }).click();
  await shop.admin.db.insert(t.addresses).values({
    userId: me!.id,
    name: '王五',
    phone: '13700137000',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    regionCode: '330106',
    detail: '文三路1号',
    isDefault: true,
  });

  // 提交订单 → 收银台: 微信内支付, and the app's bridge is the sandbox's.
  await page.goto(order);
  const pay = (await page.locator('[data-pay]').innerText()).replace(/\s/g, '');
  await islandsReady(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/checkout\?.*groupNo=[A-Z0-9]+/);
  await expect(page.locator('[data-channel="jsapi"]')).toContainText('微信内支付');
  expect(await page.evaluate(() => typeof window.WeixinJSBridge?.invoke)).toBe('function');
  expect(bridgeScripts.length).toBeGreaterThan(0);
  await islandsReady(page);

  // The sheet closed: the page takes payment again, nothing was paid.
  const sheet = page.getByRole('dialog', { name: '微信支付' });
  await page.getByRole('button', { name: `确认支付 ${pay}` }).click();
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('[data-sheet-amount]')).toHaveText(pay);
  await expect(sheet).toContainText('沙箱环境 · 模拟微信');
  await page.screenshot({ path: screen('sheet') });
  await sheet.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByRole('status')).toHaveText('已取消支付');
  await expect(page.getByRole('button', { name: `确认支付 ${pay}` })).toBeEnabled();

  // 确认支付 on the cashier, then on the sheet: 支付成功.
  await page.getByRole('button', { name: `确认支付 ${pay}` }).click();
  await sheet.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/success\?.*paymentNo=[A-Z0-9]+/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 35_000 });
  await expect(page.locator('[data-paid-amount]')).toHaveText(`实付 ${pay}`);
  await page.screenshot({ path: screen('success') });
  const [paid] = await shop.admin.db.select().from(t.orders).where(eq(t.orders.userId, me!.id));
  expect(paid!.status).toBe(20);

  // A payment page of the sandbox that finds nothing still leads back.
  const missing = await page.goto(
    `${shop.url}/sandbox/wechatpay/cashier?prepay_id=wx20260101000000aaaaaaaaaaaaaaaaaaaa`,
  );
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('订单不存在')).toBeVisible();
  await page.getByRole('link', { name: '返回商城' }).click();
  await expect(page).not.toHaveURL(/\/sandbox\//);
});

test('the demo keeper withdraws to 微信零钱, confirms the receipt on the sandbox sheet: 已到账', async ({
  pageAs,
  browser,
}) => {
  test.setTimeout(120_000);
  const keeperId = await userIdFor(shop.admin, demoPhones.owner1001);
  // Signed in inside the app before: the keeper's openid, which 微信零钱 pays.
  await shop.admin.db
    .update(t.users)
    .set({ openId: 'sbx_e2e_keeper1001' })
    .where(eq(t.users.id, keeperId));
  const before = await keeperBalances(shop.admin.db, SHOP, keeperId);
  expect(before.availableCents).toBeGreaterThanOrEqual(100);
  const page = await pageAs('owner1001');

  await page.goto(`${shop.url}/cash?shopId=${SHOP}`);
  await islandsReady(page);
  await expect(page.getByRole('radio', { name: '微信零钱' })).toBeChecked();
  await page.getByLabel('提现金额').fill('1.00');
  await page.getByRole('button', { name: '提现', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: '确认提现' });
  await expect(confirm.locator('[data-cash-to]')).toHaveText('微信零钱');
  await confirm.getByRole('button', { name: '确认提现' }).click();
  await expect(page).toHaveURL(/\/cash\/WD\d+\?/);
  await expect(page.locator('[data-status]')).toHaveText('审核中');
  const withdrawalNo = (await page.locator('[data-withdrawal]').getAttribute('data-withdrawal'))!;

  // The demo keeper is the shop's owner: nobody decides their own payout, the shop's manager
  // approves it (issue #27). The transfer bill is made, waiting for the keeper.
  await page.goto(`${shop.url}/withdrawalReview?shopId=${SHOP}`);
  await expect(page.locator(`[data-review="${withdrawalNo}"]`)).toHaveCount(0);
  const managerContext = await browser.newContext();
  await shop.signIn(managerContext, 'manager1001');
  const manager = await managerContext.newPage();
  await manager.goto(`${shop.url}/withdrawalReview?shopId=${SHOP}`);
  const card = manager.locator(`[data-review="${withdrawalNo}"]`);
  await islandsReady(manager);
  await card.getByRole('button', { name: /^同意打款/ }).click();
  await manager
    .getByRole('dialog', { name: '同意提现' })
    .getByRole('button', { name: '确认打款' })
    .click();
  await expect(card).toHaveCount(0);
  await managerContext.close();

  // 提现记录 shows it waiting, with 确认收款 at hand.
  await page.goto(`${shop.url}/wallet?shopId=${SHOP}&tab=cash`);
  const row = page.locator('li', { has: page.locator(`[data-withdrawal="${withdrawalNo}"]`) });
  await expect(row.locator('[data-status]')).toHaveText('待确认收款');
  await expect(row).toContainText('提现到 微信零钱');
  await expect(row.getByRole('button', { name: '确认收款' })).toBeVisible();

  await page.goto(`${shop.url}/cash/${withdrawalNo}?shopId=${SHOP}`);
  await expect(page.locator('[data-status]')).toHaveText('待确认收款');
  await expect(page.getByText('微信零钱', { exact: true })).toBeVisible();
  await islandsReady(page);
  await page.screenshot({ path: screen('awaiting') });
  await page.getByRole('button', { name: '确认收款' }).click();
  const sheet = page.getByRole('dialog', { name: '确认收款' });
  await expect(sheet.locator('[data-sheet-amount]')).toHaveText('¥1.00');
  await sheet.getByRole('button', { name: '确认收款' }).click();
  await expect(page.locator('[data-status]')).toHaveText('已到账', { timeout: 20_000 });
  await expect(page.locator('[data-timeline]')).toContainText('打款成功，已到账');
  await page.screenshot({ path: screen('received') });

  const after = await keeperBalances(shop.admin.db, SHOP, keeperId);
  expect(after.availableCents).toBe(before.availableCents - 100);
  expect(after.withdrawingCents).toBe(before.withdrawingCents);
  expect(await auditLedger(shop.admin.db)).toEqual([]);
});
