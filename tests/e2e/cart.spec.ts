/**
 * The cart as a new shopper uses it: add a SKU on the product page and one of another sale,
 * open the cart and see both sales, step a quantity up, unselect and reselect and see 合计
 * follow, 去结算 with nothing selected and with a selection, delete a line, see a sold-out line
 * under 失效商品 and clear it, then empty the cart in 编辑 mode and see the empty state; the
 * badges follow. Runs on a PostgreSQL-backed shop so the test can set stock.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { seedHandles } from '#demo/handles.ts';
import { freshPhone } from '../fixtures/accounts.ts';

const { sales, npieceSale } = seedHandles.shop1001;
const PICKED = sales.senyeRunning.products[1]!;
const SAME_SALE = sales.senyeRunning.products[3]!;
const TOWEL = npieceSale.products[0]!;

let shop: PgShop;
interface Sku {
  skuNo: string;
  color: string;
  size: string;
  priceCents: number;
}
let picked: Sku;
let towel: Sku;
let sameSale: Sku;
let senyeTitle: string;
let npieceTitle: string;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_cart' });

async function firstSku(productNo: string): Promise<Sku> {
  const [row] = await shop.admin.db
    .select({ id: t.skus.id, skuNo: t.skus.skuNo, color: t.skus.color, size: t.skus.size })
    .from(t.skus)
    .innerJoin(t.products, eq(t.products.id, t.skus.productId))
    .where(eq(t.products.productNo, productNo))
    .orderBy(asc(t.skus.skuNo))
    .limit(1);
  await shop.admin.db.update(t.skus).set({ stock: 50 }).where(eq(t.skus.id, row!.id));
  return { ...row!, priceCents: 0 };
}

test.beforeAll(async ({ pgShop }) => {
  shop = pgShop;
  // Before any page is shown, so no kept page holds older stock.
  [picked, towel, sameSale] = await Promise.all([
    firstSku(PICKED.productNo),
    firstSku(TOWEL.productNo),
    firstSku(SAME_SALE.productNo),
  ]);
  const titles = await shop.admin.db
    .select({ activityNo: t.activities.activityNo, title: t.activities.title })
    .from(t.activities);
  const titleOf = (activityNo: string) => titles.find((a) => a.activityNo === activityNo)!.title;
  senyeTitle = titleOf(sales.senyeRunning.activityNo);
  npieceTitle = titleOf(npieceSale.activityNo);
});

const yuan = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const amount = async (page: Page) => yuan(await page.getByTestId('cart-amount').innerText());
const lineOf = (page: Page, sku: Sku) => page.locator(`li[data-sku="${sku.skuNo}"]`);
const priceOf = async (line: Locator) =>
  yuan((await line.locator('.cart-price').innerText()).split('¥')[1]!);

test('a new shopper fills the cart, changes it and empties it', async ({ page, context }) => {
  test.setTimeout(90_000);
  await shop.signIn(context, freshPhone());

  // On the product page, like a shopper: 加入购物车, pick the SKU, confirm.
  await page.goto(`${shop.url}/productDetail?productNo=${PICKED.productNo}&shopId=1001`);
  await page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });
  await page.getByRole('button', { name: '加入购物车' }).click();
  const sheet = page.getByRole('dialog', { name: '选择规格' });
  for (const name of [picked.color, picked.size].filter(Boolean)) {
    const button = sheet.locator('fieldset button[aria-pressed]').getByText(name, { exact: true });
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  }
  await sheet.getByRole('button', { name: '加入购物车' }).click();
  const productCart = page.getByRole('link', { name: /^(\d+\+? )?购物车$/ });
  await expect(productCart.locator('.bar-badge')).toHaveText('1');

  // A SKU of another sale, and another product of the first sale, through the cart’s call.
  for (const sku of [towel, sameSale]) {
    const added = await page.request.post(
      `${shop.url}/api/spweb/cart/add-shoppingcart-count?shopBizCode=1001`,
      { data: { skuNo: sku.skuNo, quantity: 1 } },
    );
    expect((await added.json()) as unknown).toMatchObject({ code: 0 });
  }

  // The cart: one section per sale, the N件X折 rule on its own.
  await productCart.click();
  await expect(page).toHaveURL(/\/cart\?/);
  await page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .waitFor({ state: 'attached' });
  const senye = page.getByRole('region', { name: senyeTitle });
  const npiece = page.getByRole('region', { name: npieceTitle });
  await expect(senye.locator('li')).toHaveCount(2);
  await expect(npiece.locator('li')).toHaveCount(1);
  await expect(npiece.locator('.cart-rule')).toHaveText('3件7折');
  await expect(page.getByText('共3件商品')).toBeVisible();
  await expect(page.getByRole('button', { name: '去结算(3)' })).toBeVisible();
  const picture = lineOf(page, picked).locator('img');
  await expect(picture).toHaveAttribute('src', /^\/img\/\d+\?w=400$/);
  for (const sku of [picked, towel, sameSale]) sku.priceCents = await priceOf(lineOf(page, sku));
  const all = picked.priceCents + towel.priceCents + sameSale.priceCents;
  expect(await amount(page)).toBe(all);

  await page.screenshot({ path: 'test-results/cart-375.png' });

  // + three times quickly: the last tap wins, and the server's answer is shown.
  const plus = lineOf(page, picked).getByRole('button', { name: '增加数量' });
  await plus.click();
  await plus.click();
  await plus.click();
  await expect(lineOf(page, picked).locator('output')).toHaveText('4');
  await expect(page.getByRole('button', { name: '去结算(6)' })).toBeVisible();
  await expect.poll(() => amount(page)).toBe(all + 3 * picked.priceCents);
  await expect(lineOf(page, picked).getByRole('button', { name: '减少数量' })).toBeEnabled();

  // Unselect the towel: 合计 drops by its price; reselect: back.
  const withFour = all + 3 * picked.priceCents;
  await lineOf(page, towel).getByRole('checkbox').uncheck();
  await expect.poll(() => amount(page)).toBe(withFour - towel.priceCents);
  await expect(page.getByRole('checkbox', { name: '全选' })).not.toBeChecked();
  await lineOf(page, towel).getByRole('checkbox').check();
  await expect.poll(() => amount(page)).toBe(withFour);
  await expect(page.getByRole('checkbox', { name: '全选' })).toBeChecked();

  // 去结算 with nothing selected asks for a selection; with one, it goes to 确认订单.
  await page.getByRole('checkbox', { name: '全选' }).uncheck();
  await expect.poll(() => amount(page)).toBe(0);
  await page.getByRole('button', { name: '去结算(0)' }).click();
  await expect(page.locator('#shell-toast')).toHaveText('请选择商品');
  await expect(page).toHaveURL(/\/cart\?/);
  await senye.getByRole('checkbox', { name: `选择 ${senyeTitle}` }).check();
  await expect.poll(() => amount(page)).toBe(4 * picked.priceCents + sameSale.priceCents);
  await page.getByRole('button', { name: '去结算(5)' }).click();
  await expect(page).toHaveURL(/\/confirmationOrder\?.*from=cart/);
  await page.goBack();
  await page.reload();
  await page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .waitFor({ state: 'attached' });
  // Kept on the server: the towel is still unselected.
  await expect(lineOf(page, towel).getByRole('checkbox')).not.toBeChecked();
  await page.getByRole('checkbox', { name: '全选' }).check();
  await expect.poll(() => amount(page)).toBe(withFour);

  // Three towels of the 3件7折 sale: the group is charged at 70 %, shown as 已优惠.
  const towelPlus = lineOf(page, towel).getByRole('button', { name: '增加数量' });
  await towelPlus.click();
  await towelPlus.click();
  await expect(lineOf(page, towel).locator('output')).toHaveText('3');
  const saved = 3 * towel.priceCents - Math.round((3 * towel.priceCents * 7) / 10);
  await expect(page.locator('.cart-saved')).toHaveText(`已优惠 ¥${(saved / 100).toFixed(2)}`);
  await expect.poll(() => amount(page)).toBe(withFour + 2 * towel.priceCents - saved);
  await page.screenshot({ path: 'test-results/cart-npiece-375.png' });

  // Delete one line.
  await lineOf(page, towel).getByRole('button', { name: /^删除/ }).click();
  await expect(npiece).toHaveCount(0);
  await expect(page.getByText('共5件商品')).toBeVisible();
  await expect.poll(() => amount(page)).toBe(4 * picked.priceCents + sameSale.priceCents);

  // Sold out meanwhile: under 失效商品 with the reason, out of the total; then cleared.
  await shop.admin.db
    .update(t.skus)
    .set({ stock: 0 })
    .where(and(eq(t.skus.skuNo, sameSale.skuNo)));
  await page.reload();
  await page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .waitFor({ state: 'attached' });
  const invalid = page.getByRole('region', { name: '失效商品' });
  await expect(invalid.locator('li')).toHaveCount(1);
  await expect(invalid.locator('.cart-reason')).toHaveText('已售罄');
  await expect(lineOf(page, sameSale).getByRole('checkbox')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.screenshot({ path: 'test-results/cart-invalid-375.png' });
  expect(await amount(page)).toBe(4 * picked.priceCents);
  await invalid.getByRole('button', { name: '清空失效商品' }).click();
  await expect(invalid).toHaveCount(0);
  await expect(page.getByText('共4件商品')).toBeVisible();

  // 编辑: mark all, 删除: the empty state, and a way back to shopping.
  await page.getByRole('button', { name: '编辑' }).click();
  await page.getByRole('checkbox', { name: '全选' }).check();
  await page.getByRole('button', { name: '删除(1)' }).click();
  await expect(page.getByText('购物车空空如也')).toBeVisible();
  await page.getByRole('link', { name: '去逛逛' }).click();
  await expect(page).toHaveURL(/\/index\?/);
  // The floating cart badge shows nothing.
  await expect(page.locator('[data-float-cart] [data-cart-badge]')).toBeHidden();
});

test('the cart is never kept: private, no-store', async ({ page, context }) => {
  await shop.signIn(context, freshPhone());
  const response = await page.goto(`${shop.url}/cart?shopId=1001`);
  expect(response!.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByText('购物车空空如也')).toBeVisible();
  await page.screenshot({ path: 'test-results/cart-empty-375.png' });
});

test('the cart shows before JavaScript runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const { id } = await shop.signIn(context, freshPhone());
  const [sku] = await shop.admin.db
    .select({ id: t.skus.id })
    .from(t.skus)
    .where(eq(t.skus.skuNo, towel.skuNo));
  await shop.admin.db
    .insert(t.cartItems)
    .values({ shopId: '1001', userId: id, skuId: sku!.id, quantity: 2 });
  await page.goto(`${shop.url}/cart?shopId=1001`);
  await expect(page.getByRole('region', { name: npieceTitle })).toBeVisible();
  await expect(lineOf(page, towel).locator('output')).toHaveText('2');
  await expect(page.getByRole('button', { name: '去结算(2)' })).toBeVisible();
  await context.close();
});

test('the cart calls over HTTP: read, select a sale, delete many by repeated skuNos', async ({
  page,
  context,
}) => {
  await shop.signIn(context, freshPhone());
  const api = (path: string) => `${shop.url}/api/spweb/cart/${path}?shopBizCode=1001`;
  for (const sku of [picked, towel]) {
    await page.request.post(api('add-shoppingcart-count'), {
      data: { skuNo: sku.skuNo, quantity: 2 },
    });
  }
  const set = await page.request.post(api('add-shoppingcart-count'), {
    data: { skuNo: towel.skuNo, quantity: 3, set: true },
  });
  expect(await set.json()).toMatchObject({
    code: 0,
    data: { cartSkuNum: 5, cart: { totals: { pieces: 5 } } },
  });
  const tooMany = await page.request.post(api('add-shoppingcart-count'), {
    data: { skuNo: towel.skuNo, quantity: 51, set: true },
  });
  expect(await tooMany.json()).toMatchObject({ message: '库存不足' });

  const selected = await page.request.post(api('selectSkuV3'), {
    data: { selected: false, activityNo: npieceSale.activityNo },
  });
  expect(await selected.json()).toMatchObject({ code: 0, data: { totals: { pieces: 2 } } });
  const read = await page.request.post(api('checkCartList'), { data: {} });
  const cart = ((await read.json()) as { data: { groups: { activityNo: string }[] } }).data;
  expect(cart.groups.map((g) => g.activityNo).sort()).toEqual(
    [sales.senyeRunning.activityNo, npieceSale.activityNo].sort(),
  );

  const removed = await page.request.delete(
    `${api('delete-shoppingcart-skus')}&skuNos=${picked.skuNo}&skuNos=${towel.skuNo}`,
  );
  expect(await removed.json()).toMatchObject({ code: 0, data: { cartSkuNum: 0, groups: [] } });
  const count = await page.request.get(api('queryBuyerCartSkuTotal'));
  expect(await count.json()).toMatchObject({ data: { cartSkuNum: 0 } });
});
