/**
 * The shell for signed-in users, on a shop served from PostgreSQL so the test can set up
 * sessions, roles, carts and config in the same database (login itself is its own issue).
 */
import { eq } from 'drizzle-orm';
import type { BrowserContext } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { ROUTES, routePath } from '#lib/platform/routes.ts';

let admin: Database;
let shop: PgShop;

test.describe.configure({ mode: 'serial' });

test.use({ shopDatabase: 'shop_e2e' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
  admin = pgShop.admin;
});

const signIn = async (context: BrowserContext, phone: string) =>
  (await shop.signIn(context, phone)).id;

const tabLabels = (page: import('@playwright/test').Page) =>
  page.locator('nav[aria-label="主导航"] a').allInnerTexts();

test.describe('tab bar per role', () => {
  for (const [role, who, tabs] of [
    ['consumer', 'a consumer', ['首页', '订单', '我的']],
    ['owner1001', 'a distributor', ['首页', '订单', '我的']],
    ['manager1001', 'a manager (settings in place of my)', ['首页', '订单', '设置']],
    ['service1001', 'customer service (service third)', ['首页', '订单', '客服', '我的']],
    ['disabledDistributor', 'a disabled distributor', ['首页', '订单', '我的']],
  ] as const) {
    test(`${who} sees ${tabs.join(' / ')}`, async ({ pageAs }) => {
      const page = await pageAs(role);
      await page.goto(`${shop.url}/index?shopId=1001`);
      expect((await tabLabels(page)).map((label) => label.trim())).toEqual(tabs);
    });
  }

  test('the selected tab is red and the others grey (AA contrast on white), unless the shop skin says otherwise', async ({
    page,
    context,
  }) => {
    await signIn(context, demoPhones.consumer);
    await page.goto(`${shop.url}/index?shopId=1001`);
    const color = (name: string) =>
      page.locator(`[data-tab="${name}"]`).evaluate((el) => getComputedStyle(el).color);
    expect(await color('index')).toBe('rgb(207, 42, 47)');
    expect(await color('order')).toBe('rgb(112, 112, 112)');
    await page.goto(`${shop.url}/index?shopId=1002`);
    expect(await color('index')).toBe('rgb(47, 111, 222)');
  });
});

test.describe('roles are enforced on the server', () => {
  test('a consumer is refused the wallet with a clear page', async ({ page, context }) => {
    await signIn(context, demoPhones.consumer);
    const response = await page.goto(`${shop.url}/wallet?shopId=1001`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: '没有权限访问' })).toBeVisible();
    await expect(page.getByText('「我的钱包」仅对店主开放')).toBeVisible();
  });

  test('a disabled distributor counts as a consumer', async ({ page, context }) => {
    await signIn(context, demoPhones.disabledDistributor);
    expect((await page.goto(`${shop.url}/wallet?shopId=1001`))?.status()).toBe(403);
  });

  test('a distributor may open the wallet; a manager may open decoration but not the wallet', async ({
    page,
    context,
  }) => {
    await signIn(context, demoPhones.owner1001);
    await page.goto(`${shop.url}/wallet?shopId=1001`);
    await expect(page.locator('[data-available]')).toBeVisible();
    // Let the page's own calls (the coupon notice's count) finish before signing out under it:
    // a call answered "not logged in" sends a plain browser to login_web (commerce §8).
    await page.waitForLoadState('networkidle');
    await context.clearCookies();
    await signIn(context, demoPhones.manager1001);
    await page.goto(`${shop.url}/decoration?shopId=1001`);
    await expect(page.getByRole('heading', { level: 1, name: '店铺装修' })).toBeVisible();
    expect((await page.goto(`${shop.url}/wallet?shopId=1001`))?.status()).toBe(403);
  });
});

test.describe('every route name renders a whole page for signed-in users of every role', () => {
  for (const [phone, who] of [
    [demoPhones.consumer, 'a consumer'],
    [demoPhones.owner1001, 'a distributor'],
    [demoPhones.manager1001, 'a manager'],
  ] as const) {
    test(who, async ({ page, context }) => {
      test.setTimeout(120_000);
      await signIn(context, phone);
      for (const route of ROUTES) {
        const response = await page.request.get(
          `${shop.url}${routePath(route, { id: '1', type: 'privacy' })}?shopId=1001`,
          {
            maxRedirects: 0,
          },
        );
        expect(response.status(), route.name).toBeLessThan(500);
        if (response.status() === 302) continue;
        const html = await response.text();
        expect(html.trimEnd().endsWith('</html>'), route.name).toBe(true);
        expect(html, route.name).toContain('<h1');
      }
    });
  }
});

test.describe('the floating cart and the request client', () => {
  test('the cart badge shows the cart count, and 99+ above 99', async ({ page, context }) => {
    // A shopper with an empty cart (the demo consumer's holds the demo's lines).
    const userId = await signIn(context, '13700001166');
    const skus = await admin.db.select({ id: t.skus.id }).from(t.skus).limit(2);
    await admin.db
      .insert(t.cartItems)
      .values({ shopId: '1001', userId, skuId: skus[0]!.id, quantity: 3 });
    await page.goto(`${shop.url}/index?shopId=1001`);
    await expect(page.locator('[data-cart-badge]')).toHaveText('3');
    await admin.db
      .insert(t.cartItems)
      .values({ shopId: '1001', userId, skuId: skus[1]!.id, quantity: 97 });
    await page.reload();
    await expect(page.locator('[data-cart-badge]')).toHaveText('99+');
    await admin.db.delete(t.cartItems).where(eq(t.cartItems.userId, userId));
  });

  test('an answer with code 50001 replaces the page with crawler, keeping the query', async ({
    page,
    context,
  }) => {
    await signIn(context, demoPhones.consumer);
    await page.route('**/api/spweb/cart/queryBuyerCartSkuTotal**', (route) =>
      route.fulfill({ json: { code: 50001, message: '访问异常', success: false, data: null } }),
    );
    await page.goto(`${shop.url}/index?shopId=1001&distributorId=77`);
    await expect(page).toHaveURL(/\/crawler\?shopId=1001&distributorId=77$/);
    await expect(page.getByRole('heading', { name: '访问受限' })).toBeVisible();
  });

  test('an HTTP 588 answer shows 服务器维护中~', async ({ page, context }) => {
    await signIn(context, demoPhones.consumer);
    await page.route('**/api/spweb/cart/queryBuyerCartSkuTotal**', (route) =>
      route.fulfill({ status: 588, body: '' }),
    );
    await page.goto(`${shop.url}/index?shopId=1001`);
    await expect(page.getByRole('status')).toHaveText('服务器维护中~');
  });

  test('an expired session on the API sends a plain browser to login_web', async ({
    page,
    context,
  }) => {
    await signIn(context, demoPhones.consumer);
    await page.route('**/api/spweb/cart/queryBuyerCartSkuTotal**', (route) =>
      route.fulfill({ json: { code: 100006, message: '用户未登录', success: false, data: null } }),
    );
    await page.goto(`${shop.url}/index?shopId=1001`);
    await expect(page).toHaveURL(/\/login_web\?referrer=.*shopId=1001/);
  });
});

test('the system alert shows when the config map turns it on', async ({ page }) => {
  await admin.db
    .update(t.configEntries)
    .set({
      value: { isOpen: true, title: '系统升级通知', msg: '今晚 23:00 起系统升级，请提前下单。' },
    })
    .where(eq(t.configEntries.key, 'sysAlert'));
  try {
    // The shop learns of the change with the content version (a notification, or its poll):
    // a page opened a moment later shows the alert.
    const dialog = page.getByRole('dialog', { name: '系统升级通知' });
    await expect(async () => {
      await page.goto(`${shop.url}/index?shopId=1001`);
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(dialog).toContainText('今晚 23:00 起系统升级，请提前下单。');
    await dialog.getByRole('button', { name: '我知道了' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await admin.db
      .update(t.configEntries)
      .set({ value: { isOpen: false, title: '系统公告', msg: '' } })
      .where(eq(t.configEntries.key, 'sysAlert'));
  }
});
