/**
 * Paying (payments issue, "Must show"), each channel where the page is open, against the sandbox
 * gateway built into the shop:
 * - a phone's browser: a new shopper places an order, lands on 收银台 (amount, countdown), taps
 *   确认支付, confirms on the sandbox gateway's H5 cashier, comes back to 支付成功, and finds the
 *   order under 待发货;
 * - inside the messaging app: the page invokes the bridge's pay request; the test's bridge checks
 *   nothing itself and forwards the request to the sandbox, which verifies the paySign;
 * - a computer: the QR code to scan.
 * On a PostgreSQL-backed shop so the test can set stock, addresses and the app's open id.
 */
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { seedHandles } from '#demo/handles.ts';
import { IN_APP_UA, freshPhone } from '../fixtures/accounts.ts';
import { givenOrder } from '../fixtures/given.ts';

const SHOP = '1001';
const PRODUCT = seedHandles.shop1001.sales.senyeRunning.products[0]!;
const SKU_NO = PRODUCT.skuNos[0]!;
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const screen = (name: string, size = '375x667') =>
  `test-results/screens/payment-${name}-${size}.png`;

let shop: PgShop;
test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_payment' });
test.beforeAll(async ({ pgShop }) => {
  shop = pgShop;
  await shop.admin.db.update(t.skus).set({ stock: 50 }).where(eq(t.skus.skuNo, SKU_NO));
});

const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });

/** A new shopper signed in on this page's context, with a default address. */
async function newShopper(page: Page): Promise<{ id: number; phone: string }> {
  const phone = freshPhone();
  const { id } = await shop.signIn(page.context(), phone);
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
  return { id, phone };
}

async function statusOf(orderNo: string): Promise<number> {
  const [row] = await shop.admin.db
    .select({ status: t.orders.status })
    .from(t.orders)
    .where(eq(t.orders.orderNo, orderNo));
  return row!.status;
}

test('a phone browser pays a new order through H5 in the sandbox and finds it under 待发货', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newShopper(page);

  // 立即购买 → 确认订单 → 提交订单: the cashier for the new checkout.
  await page.goto(`${shop.url}/confirmationOrder?shopId=${SHOP}&skuNo=${SKU_NO}&quantity=1`);
  const pay = (await page.locator('[data-pay]').innerText()).replace(/\s/g, '');
  await islandsReady(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/checkout\?.*groupNo=[A-Z0-9]+/);
  await expect(page.locator('[data-pay-amount]')).toHaveText(pay);
  await expect(page.locator('[data-order-count]')).toHaveText('共1笔订单');
  await expect(page.getByText(/^支付剩余时间/)).toBeVisible();
  const countdown = page.locator('[data-pay-countdown]');
  await expect(countdown).toHaveText(/^1[01]:\d\d$/);
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before!, { timeout: 3_000 });
  await expect(page.locator('[data-channel="h5"]')).toContainText('微信支付');
  await expect(page.locator('[data-channel="h5"]')).toContainText('跳转微信支付');
  await page.screenshot({ path: screen('checkout-h5') });

  // 确认支付 → the gateway's H5 page (the sandbox's cashier) → 确认支付 → back on success.
  await page.getByRole('button', { name: `确认支付 ${pay}` }).click();
  await expect(page).toHaveURL(/\/sandbox\/wechatpay\/cashier/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/success\?.*paymentNo=[A-Z0-9]+/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 35_000 });
  await expect(page.locator('[data-paid-amount]')).toHaveText(`实付 ${pay}`);
  await page.screenshot({ path: screen('success') });

  // 查看订单: the order, paid, 待发货; and so it is under the 待发货 tab.
  await page.getByRole('link', { name: '查看订单' }).click();
  await expect(page).toHaveURL(/\/orderDetail\?/);
  await expect(page.getByRole('heading', { name: '待发货' })).toBeVisible();
  const orderNo = (await page.locator('[data-order-no]').getAttribute('data-order-no'))!;
  expect(await statusOf(orderNo)).toBe(20);
  await page.goto(`${shop.url}/order?shopId=${SHOP}&status=20`);
  await expect(page.locator(`[data-order-card="${orderNo}"]`)).toContainText('待发货');
});

test.describe('inside the messaging app', () => {
  test.use({ userAgent: IN_APP_UA });

  test('the page invokes the pay bridge with a signed request; paid, it shows 支付成功', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const me = await newShopper(page);
    // Signed in inside the app before: the payer's open id (JSAPI names the payer).
    await shop.admin.db
      .update(t.users)
      .set({ openId: `sbx_e2e_${me.phone}` })
      .where(eq(t.users.id, me.id));
    const order = await givenOrder(shop.admin.db, { shopId: SHOP, userId: me.id, status: 10 });

    // The app's bridge, played by the test: it checks nothing, the sandbox does.
    await page.addInitScript(() => {
      const bridge = {
        invoke(name: string, params: unknown, callback: (answer: unknown) => void) {
          if (name !== 'getBrandWCPayRequest') return;
          fetch('/sandbox/wechatpay/bridge/pay', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(params),
          })
            .then((response) => response.json())
            .then((answer: { err_msg?: string; data?: unknown }) =>
              callback(answer.err_msg ? answer : (answer.data ?? answer)),
            )
            .catch(() => callback({ err_msg: 'get_brand_wcpay_request:fail' }));
        },
      };
      Object.defineProperty(window, 'WeixinJSBridge', { value: bridge, configurable: true });
    });

    await page.goto(`${shop.url}/checkout?orderNo=${order.orderNo}&shopId=${SHOP}`);
    await expect(page.locator('[data-channel="jsapi"]')).toContainText('微信内支付');
    await expect(page.locator('[data-pay-amount]')).toHaveText('¥19.90');
    await islandsReady(page);
    const forwarded = page.waitForRequest((r) => r.url().includes('/sandbox/wechatpay/bridge/pay'));
    await page.getByRole('button', { name: '确认支付 ¥19.90' }).click();
    const params = (await forwarded).postDataJSON() as Record<string, string>;
    expect(params).toMatchObject({ signType: 'RSA', appId: expect.any(String) });
    expect(params['package']).toMatch(/^prepay_id=\S+/);
    expect(params['paySign']).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(params['timeStamp']).toMatch(/^\d{10}$/);

    await expect(page).toHaveURL(/\/success\?.*paymentNo=[A-Z0-9]+/);
    await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 35_000 });
    await expect(page.locator('[data-paid-amount]')).toHaveText('实付 ¥19.90');
    await expect.poll(() => statusOf(order.orderNo)).toBe(20);
  });
});

test.describe('on a computer', () => {
  test.use({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
    userAgent: DESKTOP_UA,
  });

  test('the cashier shows the QR code to scan with the messaging app', async ({ page }) => {
    const me = await newShopper(page);
    const order = await givenOrder(shop.admin.db, {
      shopId: SHOP,
      userId: me.id,
      status: 10,
      priceCents: 12_900,
    });
    await page.goto(`${shop.url}/checkout?orderNo=${order.orderNo}&shopId=${SHOP}`);
    await expect(page.locator('[data-channel="native"]')).toContainText('微信扫码支付');
    await islandsReady(page);
    await page.getByRole('button', { name: '确认支付 ¥129.00' }).click();
    const qr = page.locator('[data-qr]');
    await expect(qr.locator('svg')).toBeVisible();
    await expect(qr.getByText('请使用微信扫一扫完成支付')).toBeVisible();
    await expect(qr).toContainText('¥129.00');
    await expect(page.getByRole('button', { name: '等待扫码支付…' })).toBeDisabled();
    await page.screenshot({ path: screen('checkout-qr', '1280x800') });
  });
});
