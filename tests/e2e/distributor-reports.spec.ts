/**
 * The shop keeper's reports as owner1001 of shop 1001 uses them: 我的收益 (the figures the ledger
 * gives), 收益明细 by state, 我的客户 with a search, one customer's orders, 数据中心's charts, and
 * the monthly bill; a visitor and a shopper meet the keeper's prompt instead, and another
 * keeper's customer is 客户不存在. A customer of their own, orders and commission are written
 * into the shop's database through the ledger (the demo data may hold more; the page figures
 * are compared with the services' own sums).
 */
import { sql } from 'drizzle-orm';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import * as t from '#lib/platform/db/schema.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { shopDay } from '#lib/platform/time.ts';
import { transferId } from '#lib/commission/ledger.ts';
import { readIncome } from '#lib/distribution/reports.server.ts';
import { readShopData } from '#lib/distribution/shop-data.server.ts';
import { givenSold, ledgerOf } from '#tests/fixtures/ledger.ts';
import { freshPhone, userIdFor } from '../fixtures/accounts.ts';

let shop: PgShop;
const SHOP = '1001';
const screen = (name: string) => `test-results/screens/reports-${name}-375x667.png`;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_reports' });

let ownerId: number;
let customerPhone: string;
let customerId: number;
let strangerId: number;

test.beforeAll(async ({ pgShop }) => {
  shop = pgShop;
  const db = shop.admin.db;
  ownerId = await userIdFor(shop.admin, demoPhones.owner1001);
  customerPhone = freshPhone();
  customerId = await userIdFor(shop.admin, customerPhone, '报表测客');
  // Someone bound to nobody: not the keeper's customer.
  strangerId = await userIdFor(shop.admin, freshPhone(), '陌生人');
  const now = new Date();
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  await db
    .insert(t.attributions)
    .values({
      shopId: SHOP,
      userId: customerId,
      distributorId: ownerId,
      boundAt: hoursAgo(30),
      expiresAt: new Date(now.getTime() + 20 * 86_400_000),
    })
    .onConflictDoUpdate({
      target: [t.attributions.shopId, t.attributions.userId],
      set: { distributorId: ownerId },
    });
  const ledger = await ledgerOf(db, SHOP, ownerId);
  const pending = await givenSold(db, {
    shopId: SHOP,
    keeperId: ownerId,
    buyerId: customerId,
    priceCents: 12340,
    profitCents: 1234,
    at: hoursAgo(1),
    productName: '报表测试 待结算好物',
  });
  await ledger.promise(pending.lineId, 1234, hoursAgo(1));
  const settled = await givenSold(db, {
    shopId: SHOP,
    keeperId: ownerId,
    buyerId: customerId,
    priceCents: 5000,
    profitCents: 500,
    status: 40,
    at: hoursAgo(20),
    productName: '报表测试 已结算好物',
  });
  await ledger.promise(settled.lineId, 500, hoursAgo(20));
  await ledger.settle(transferId.commission(settled.lineId), hoursAgo(2));
  await db
    .insert(t.linkVisits)
    .values({ shopId: SHOP, distributorId: ownerId, day: shopDay(now), visits: 7 })
    .onConflictDoUpdate({
      target: [t.linkVisits.shopId, t.linkVisits.distributorId, t.linkVisits.day],
      set: { visits: sql`${t.linkVisits.visits} + 7` },
    });
});

test('我的收益 shows the ledger’s figures and leads to 收益明细 by state', async ({ pageAs }) => {
  const page = await pageAs('owner1001');
  const income = await readIncome(shop.admin.db, {
    shopId: SHOP,
    userId: ownerId,
    now: new Date(),
  });
  expect(income.pendingCents).toBeGreaterThanOrEqual(1234);
  await page.goto(`${shop.url}/income?shopId=${SHOP}`);
  await expect(page.getByRole('heading', { name: '我的收益' })).toBeVisible();
  await expect(page.locator('[data-income-total]')).toHaveText(formatYuan(income.totalCents));
  await expect(page.locator('[data-figure="today"] dd')).toHaveText(
    `¥${formatYuan(income.todayCents)}`,
  );
  await expect(page.locator('[data-figure="pending"] dd')).toHaveText(
    `¥${formatYuan(income.pendingCents)}`,
  );
  await expect(page.locator('[data-figure="settled"] dd')).toHaveText(
    `¥${formatYuan(income.settledCents)}`,
  );
  const newest = page.locator('[data-income-line]').first();
  await expect(newest.locator('strong')).toHaveText('报表测试 待结算好物');
  await expect(newest.locator('[data-commission]')).toHaveText('+12.34');
  await expect(newest.locator('[data-state-text]')).toHaveText('待结算');
  await page.screenshot({ path: screen('income'), fullPage: true });

  await page.getByRole('link', { name: '收益明细' }).first().click();
  await expect(page).toHaveURL(/\/incomeDetail\?/);
  await page.getByRole('link', { name: '已结算', exact: true }).click();
  await expect(page).toHaveURL(/state=settled/);
  const line = page.locator('[data-income-line]', { hasText: '报表测试 已结算好物' });
  await expect(line.locator('[data-commission]')).toHaveText('+5.00');
  await expect(line.locator('[data-state-text]')).toHaveText('已结算');
  await expect(page.locator('[data-income-line]', { hasText: '报表测试 待结算好物' })).toHaveCount(
    0,
  );
  await page.screenshot({ path: screen('income-detail'), fullPage: true });
});

test('我的客户 finds the customer by the last four digits and opens their orders', async ({
  pageAs,
}) => {
  const page = await pageAs('owner1001');
  await page.goto(`${shop.url}/customer?shopId=${SHOP}`);
  await expect(page.getByRole('heading', { name: '我的客户' })).toBeVisible();
  await page.getByRole('searchbox', { name: '昵称或手机号' }).fill(customerPhone.slice(-4));
  await page.getByRole('button', { name: '搜索' }).click();
  const row = page.locator(`[data-customer="${customerId}"]`);
  await expect(row.locator('strong').first()).toHaveText('报**');
  await expect(row).toContainText(`${customerPhone.slice(0, 3)}****${customerPhone.slice(-4)}`);
  await expect(row.locator('[data-customer-paid]')).toHaveText('¥173.40');
  await expect(row).toContainText('2笔订单');
  await page.screenshot({ path: screen('customers'), fullPage: true });

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/customer/${customerId}\\?`));
  await expect(page.locator('[data-customer-name]')).toHaveText('报**');
  await expect(page.locator('[data-figure="orders"] dd')).toHaveText('2笔');
  await expect(page.locator('[data-figure="commission"] dd')).toHaveText('¥17.34');
  await expect(page.locator('[data-customer-order]')).toHaveCount(2);
  await expect(page.locator('[data-customer-order]').first()).toContainText('报表测试 待结算好物');
  await expect(page.locator('[data-customer-order]').first()).toContainText('佣金 ¥12.34');
  await page.screenshot({ path: screen('customer-detail'), fullPage: true });

  const missing = await page.goto(`${shop.url}/customer/${strangerId}?shopId=${SHOP}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '客户不存在' })).toBeVisible();
  const answer = await page.request.get(
    `${shop.url}/api/member/xdwxh5/distributor/customers/${strangerId}?shopBizCode=${SHOP}`,
  );
  expect(await answer.json()).toMatchObject({ code: 40420, message: '客户不存在' });
});

test('数据中心 draws the period’s figures and lists the latest orders', async ({ pageAs }) => {
  const page = await pageAs('owner1001');
  const data = await readShopData(shop.admin.db, {
    shopId: SHOP,
    userId: ownerId,
    period: '7',
    now: new Date(),
  });
  await page.goto(`${shop.url}/shop-data?shopId=${SHOP}`);
  await expect(page.getByRole('heading', { name: '数据中心' })).toBeVisible();
  await expect(page.locator('[data-figure="visits"] dd')).toHaveText(String(data.totals.visits));
  await expect(page.locator('[data-figure="orders"] dd')).toHaveText(String(data.totals.orders));
  await expect(page.locator('[data-figure="salesCents"] dd')).toHaveText(
    `¥${formatYuan(data.totals.salesCents)}`,
  );
  await expect(page.locator('[data-chart]')).toHaveCount(4);
  await expect(page.locator('[data-chart="visits"] rect').first()).toBeVisible();
  await expect(page.locator('[data-shop-order]').first()).toContainText('报**');
  await page.screenshot({ path: screen('shop-data'), fullPage: true });
  await page.getByRole('link', { name: '近30天' }).click();
  await expect(page).toHaveURL(/period=30/);
  await expect(page.locator('[data-chart="orders"] svg')).toBeVisible();
});

test('the monthly bill is the keeper’s own: a visitor and a shopper are told so', async ({
  pageAs,
  browser,
}) => {
  const page = await pageAs('owner1001');
  await page.goto(`${shop.url}/monthly-bill?shopId=${SHOP}`);
  await expect(page.locator('[data-bill-month]')).toContainText('账单');
  await expect(page.locator('[data-figure="settled"] dd')).toBeVisible();
  await page.screenshot({ path: screen('monthly-bill'), fullPage: true });
  await page.getByRole('link', { name: '结算明细 ›' }).click();
  await expect(page.locator('[data-settlement]', { hasText: '报表测试 已结算好物' })).toContainText(
    '+5.00',
  );

  const visitor = await browser.newPage();
  await visitor.goto(`${shop.url}/monthly-bill?shopId=${SHOP}`);
  await expect(visitor.getByRole('heading', { name: '登录后查看月度账单' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: '去登录' })).toBeVisible();
  await visitor.close();

  const context = await browser.newContext();
  await shop.signIn(context, 'consumer');
  const shopper = await context.newPage();
  await shopper.goto(`${shop.url}/monthly-bill?shopId=${SHOP}`);
  await expect(shopper.getByRole('heading', { name: '月度账单仅店主可查看' })).toBeVisible();
  await context.close();
});
