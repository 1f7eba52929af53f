/**
 * 全局加价 as the demo manager uses it: a 10% global markup, previewed before saving, reaches the
 * card on home, the product page and the checkout, while an order placed before keeps its price
 * (orderDetail); a markup beyond the platform's limit is refused with the limit named and nothing
 * changes; a sale's own markup; a consumer and the owner of shop 1002 are refused the page and
 * every call.
 */
import { eq } from 'drizzle-orm';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { seedHandles } from '#demo/handles.ts';
import { MARKUP_LIMITS } from '#demo/markups.ts';
import { markupCents } from '#lib/catalog/markups.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { freshPhone } from '../fixtures/accounts.ts';

const SHOP = '1001';
const { sales } = seedHandles.shop1001;
/** The first product of the home page's 今日爆款 module; all its SKUs cost the same. */
const PRODUCT = sales.senyeRunning.products[0]!;
const SKU = PRODUCT.skuNos[0]!;
/** The strictest category of shop 1001 (美妆) holds its global markup: 15% or ¥20.00. */
const GLOBAL_LIMIT = MARKUP_LIMITS.beauty!;

let shop: PgShop;
test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_markups' });
test.beforeAll(async ({ pgShop }) => {
  shop = pgShop;
  await shop.admin.db.update(t.skus).set({ stock: 50 }).where(eq(t.skus.skuNo, SKU));
});

interface Answer {
  code: number;
  message: string;
  data: unknown;
}

async function call(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer> {
  const url = `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopBizCode=${SHOP}`;
  const response =
    method === 'GET' ? await request.get(url) : await request.post(url, { data: body ?? {} });
  return (await response.json()) as Answer;
}

const globalMarkup = async () =>
  (
    await shop.admin.db
      .select({ bp: t.shops.globalAddPriceBp, cents: t.shops.globalAddPriceCents })
      .from(t.shops)
      .where(eq(t.shops.id, SHOP))
  )[0];

const basePrice = async () =>
  (
    await shop.admin.db
      .select({ cents: t.skus.priceCents })
      .from(t.skus)
      .where(eq(t.skus.skuNo, SKU))
  )[0]!.cents;

const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });

/** A new shopper with an address, signed in on a context of their own. */
async function newShopper(browser: Browser) {
  const context = await browser.newContext();
  const { id } = await shop.signIn(context, freshPhone());
  const [address] = await shop.admin.db
    .insert(t.addresses)
    .values({
      userId: id,
      name: '赵六',
      phone: '13700137001',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      regionCode: '330106',
      detail: '文三路100号',
      isDefault: true,
    })
    .returning({ id: t.addresses.id });
  return { context, page: await context.newPage(), addressId: String(address!.id) };
}

test('a 10% global markup shows on the card, the product page and the checkout; an earlier order keeps its price', async ({
  browser,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const base = await basePrice();
  const marked = base + markupCents(base, { cents: 0, bp: 1000 });
  expect(await globalMarkup()).toEqual({ bp: 0, cents: 0 });

  // A shopper orders one piece before the markup.
  const shopper = await newShopper(browser);
  const preview = await call(shopper.context.request, 'POST', '/api/order/directPurchaseDetail', {
    skuNo: SKU,
    quantity: 1,
    addressId: shopper.addressId,
  });
  const { quote } = preview.data as { quote: string };
  const placed = await call(shopper.context.request, 'POST', '/api/order/createOrder', {
    skuNo: SKU,
    quantity: 1,
    addressId: shopper.addressId,
    quote,
    idempotencyKey: 'markups-before-0001',
  });
  expect(placed).toMatchObject({ code: 0 });
  const orderNo = (placed.data as { orderNos: string[] }).orderNos[0]!;

  // The manager sets 10%: the limit is shown, the preview prices before anything is saved.
  const page = await pageAs('manager1001');
  await page.goto(`${shop.url}/global-add-price?shopId=${SHOP}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('全局加价');
  await expect(page.locator('[data-global-markup]')).toHaveText('未加价');
  await expect(page.locator('[data-global-limit]')).toHaveText('平台上限：最高15%或¥20.00');
  const editor = page.getByRole('form', { name: '全局加价设置' });
  await islandsReady(page);
  await editor.getByText('按百分比', { exact: true }).click();
  await editor.getByLabel('加价比例').fill('10');
  await expect(editor.getByText('平台上限：按百分比最高15%')).toBeVisible();
  const sample = editor.locator(`[data-preview="${PRODUCT.productNo}"] [data-final]`);
  await expect(sample).toHaveText(`¥${formatYuan(marked)}`);
  expect(await globalMarkup()).toEqual({ bp: 0, cents: 0 });
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('[data-global-markup]')).toHaveText('+10%');
  expect(await globalMarkup()).toEqual({ bp: 1000, cents: 0 });

  // The shopper sees the new price on the home card, the product page and the checkout.
  const { page: shopperPage } = shopper;
  await shopperPage.goto(`${shop.url}/index?shopId=${SHOP}`);
  const card = shopperPage
    .locator(`a[href*="productNo=${PRODUCT.productNo}"]`)
    .filter({ hasText: '¥' })
    .first();
  await expect(card).toContainText(`¥${formatYuan(marked)}`);
  await shopperPage.goto(`${shop.url}/productDetail?productNo=${PRODUCT.productNo}&shopId=${SHOP}`);
  await expect(shopperPage.locator('[data-price]')).toHaveText(formatYuan(marked));
  await shopperPage.goto(
    `${shop.url}/confirmationOrder?skuNo=${SKU}&quantity=1&addressId=${shopper.addressId}&shopId=${SHOP}`,
  );
  await expect(shopperPage.locator('p.price').first()).toContainText(`¥${formatYuan(marked)}`);

  // The order placed before keeps the price it was placed at.
  await shopperPage.goto(`${shop.url}/orderDetail?orderNo=${orderNo}&shopId=${SHOP}`);
  await expect(shopperPage.getByText(`¥${formatYuan(base)}`).first()).toBeVisible();
  await expect(shopperPage.getByText(`¥${formatYuan(marked)}`)).toHaveCount(0);
  const [line] = await shop.admin.db
    .select({ unit: t.orderLines.unitPriceCents })
    .from(t.orderLines)
    .innerJoin(t.orders, eq(t.orders.id, t.orderLines.orderId))
    .where(eq(t.orders.orderNo, orderNo));
  expect(line!.unit).toBe(base);
  await shopper.context.close();
});

test('a markup beyond the limit is refused with the limit named, and nothing changes', async ({
  pageAs,
}) => {
  const before = await globalMarkup();
  const page = await pageAs('manager1001');
  await page.goto(`${shop.url}/global-add-price?shopId=${SHOP}`);
  const editor = page.getByRole('form', { name: '全局加价设置' });
  await islandsReady(page);
  await editor.getByLabel('加价比例').fill('50');
  await expect(editor.getByRole('alert')).toHaveText('全局加价超出平台上限：按百分比最高15%');
  await editor.getByRole('button', { name: '保存' }).click();
  await editor.getByText('按固定金额', { exact: true }).click();
  await editor.getByLabel('加价金额').fill('25');
  await expect(editor.getByRole('alert')).toHaveText('全局加价超出平台上限：按固定金额最高¥20.00');
  await editor.getByLabel('加价金额').fill('-3');
  await expect(editor.getByRole('alert')).toHaveText('加价不能为负数');
  await editor.getByRole('button', { name: '保存' }).click();
  await page.reload();
  await expect(page.locator('[data-global-markup]')).toHaveText('+10%');

  // The server refuses the same, whatever the page lets through.
  const request = page.context().request;
  const path = '/api/commodity/priceComputingRules/globalAddPrice';
  expect(await call(request, 'POST', path, { addPriceBp: GLOBAL_LIMIT.maxBp + 1 })).toMatchObject({
    code: 49712,
    message: '全局加价超出平台上限：按百分比最高15%',
  });
  expect(await call(request, 'POST', path, { addPriceCents: 2001 })).toMatchObject({
    code: 49712,
    message: '全局加价超出平台上限：按固定金额最高¥20.00',
  });
  expect(await call(request, 'POST', path, { addPriceBp: -1 })).toMatchObject({
    code: 49711,
    message: '加价不能为负数',
  });
  expect(await call(request, 'POST', path, { addPriceBp: 100, addPriceCents: 100 })).toMatchObject({
    code: 49711,
    message: '加价只能按百分比或按固定金额二选一',
  });
  expect(await call(request, 'POST', path, { addPriceBp: 10.5 })).toMatchObject({ code: 49711 });
  expect(await globalMarkup()).toEqual(before);
  expect(await call(request, 'GET', '/api/spweb/queryAddPriceAstrict')).toMatchObject({
    code: 0,
    data: { global: GLOBAL_LIMIT },
  });
});

test("a sale's own markup is set from its row", async ({ pageAs }) => {
  const sale = sales.jijianRunning;
  const page = await pageAs('manager1001');
  await page.goto(`${shop.url}/global-add-price?shopId=${SHOP}`);
  const row = page.locator(`[data-sale="${sale.activityNo}"]`);
  await row.scrollIntoViewIfNeeded();
  await expect(row.locator('[data-sale-markup]')).toHaveText('未加价');
  await row.getByRole('button', { name: /^修改加价/ }).click();
  await row.getByText('按固定金额', { exact: true }).click();
  await row.getByLabel('加价金额').fill('5');
  await expect(row.getByRole('alert')).toHaveCount(0);
  await row.getByRole('button', { name: '保存' }).click();
  await expect(row.locator('[data-sale-markup]')).toHaveText('+¥5.00');
  const [saved] = await shop.admin.db
    .select({ cents: t.activities.addPriceCents, bp: t.activities.addPriceBp })
    .from(t.activities)
    .where(eq(t.activities.activityNo, sale.activityNo));
  expect(saved).toEqual({ cents: 500, bp: 0 });
  const read = await call(
    page.context().request,
    'GET',
    `/api/commodity/priceComputingRules/queryActivityAddPrice/${sale.activityNo}`,
  );
  expect(read).toMatchObject({ code: 0, data: { markup: { label: '+¥5.00' } } });
});

test('a consumer and the owner of shop 1002 are refused the page and every call', async ({
  pageAs,
}) => {
  for (const who of ['consumer', 'owner1002'] as const) {
    const page = await pageAs(who);
    const response = await page.goto(`${shop.url}/global-add-price?shopId=${SHOP}`);
    expect(response!.status(), who).toBe(403);
    await expect(page.getByRole('heading', { name: '没有权限访问' })).toBeVisible();
    const request = page.context().request;
    const product = PRODUCT.productNo;
    for (const [method, path, body] of [
      ['GET', '/api/spweb/queryAddPriceAstrict'],
      ['GET', '/api/commodity/priceComputingRules/queryGlobalAddPrice'],
      [
        'GET',
        `/api/commodity/priceComputingRules/queryActivityAddPrice/${sales.senyeRunning.activityNo}`,
      ],
      ['POST', '/api/commodity/priceComputingRules/globalAddPrice', { addPriceBp: 100 }],
      [
        'POST',
        '/api/commodity/priceComputingRules/activityAddPrice',
        { activityNo: sales.senyeRunning.activityNo, addPriceBp: 100 },
      ],
      [
        'POST',
        `/api/commodity/priceComputingRules/queryFinalPriceByProductNos/${SHOP}`,
        { productNos: [product] },
      ],
    ] as const) {
      expect(await call(request, method, path, body), `${who} ${path}`).toMatchObject({
        code: 40301,
      });
    }
    await page.context().clearCookies();
  }
  expect(await globalMarkup()).toEqual({ bp: 1000, cents: 0 });
});
