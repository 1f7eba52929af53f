/**
 * Buying, as a new shopper does it: two SKUs of two sales in the cart, a quantity changed, a line
 * unselected and selected again, 去结算, a first address added by pasting it and tapping 智能识别,
 * 提交订单 landing on 收银台 for both orders, the orders under 待付款 with the pay countdown, one
 * cancelled with its stock back;
 * and a cross-border product that asks for the real name first. On a PostgreSQL-backed shop so
 * the test can read and set stock.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { expect, test, type PgShop, islandsHydrated } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { seedHandles } from '#demo/handles.ts';
import { freshPhone } from '../fixtures/accounts.ts';

const { sales } = seedHandles.shop1001;
const FIRST = sales.senyeRunning.products[2]!;
const SECOND = sales.xiaomanRunning.products[1]!;
const CROSS_BORDER = sales.xiaomanRunning.products.find((p) => p.name.includes('进口'))!;
const STOCK = 20;

let shop: PgShop;
test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_checkout' });

async function skuRow(skuNo: string) {
  const [row] = await shop.admin.db
    .select({ id: t.skus.id, stock: t.skus.stock })
    .from(t.skus)
    .where(eq(t.skus.skuNo, skuNo));
  return row!;
}
const stockOf = async (skuNo: string) => (await skuRow(skuNo)).stock;

test.beforeAll(async ({ pgShop }) => {
  shop = pgShop;
  // Known stock before any page shows it.
  await shop.admin.db
    .update(t.skus)
    .set({ stock: STOCK })
    .where(inArray(t.skus.skuNo, [FIRST.skuNos[0]!, SECOND.skuNos[0]!, CROSS_BORDER.skuNos[0]!]));
});

const yuan = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });

test('a new shopper orders two SKUs of two sales from the cart and cancels one order', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await shop.signIn(context, freshPhone());

  // The first SKU from its product page, like a shopper.
  await page.goto(`${shop.url}/productDetail?productNo=${FIRST.productNo}&shopId=1001`);
  await islandsReady(page);
  await page.getByRole('button', { name: '加入购物车' }).click();
  const sheet = page.getByRole('dialog', { name: '选择规格' });
  const [first] = await shop.admin.db
    .select({ color: t.skus.color, size: t.skus.size })
    .from(t.skus)
    .where(eq(t.skus.skuNo, FIRST.skuNos[0]!));
  for (const name of [first!.color, first!.size].filter(Boolean)) {
    const button = sheet.locator('fieldset button[aria-pressed]').getByText(name, { exact: true });
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  }
  await sheet.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByText('已加入购物车')).toBeVisible();
  // The second, of another sale, through the cart's call.
  const added = await page.request.post(
    `${shop.url}/api/spweb/cart/add-shoppingcart-count?shopBizCode=1001`,
    { data: { skuNo: SECOND.skuNos[0], quantity: 1 } },
  );
  expect(await added.json()).toMatchObject({ code: 0, data: { cartSkuNum: 2 } });

  // The cart: change a quantity, unselect and select again; 合计 follows.
  await page.goto(`${shop.url}/cart?shopId=1001`);
  await islandsReady(page);
  const firstLine = page.locator(`li[data-sku="${FIRST.skuNos[0]}"]`);
  const secondLine = page.locator(`li[data-sku="${SECOND.skuNos[0]}"]`);
  await expect(firstLine).toBeVisible();
  await expect(secondLine).toBeVisible();
  const amount = async () => yuan(await page.getByTestId('cart-amount').innerText());
  const before = await amount();
  await firstLine.getByRole('button', { name: '增加数量' }).click();
  await expect(firstLine.locator('output')).toHaveText('2');
  await expect.poll(amount).toBeGreaterThan(before);
  const withBoth = await amount();
  await secondLine.getByRole('checkbox').uncheck();
  await expect.poll(amount).toBeLessThan(withBoth);
  await secondLine.getByRole('checkbox').check();
  await expect.poll(amount).toBe(withBoth);

  // 去结算: no address yet, so the confirmation asks for one.
  await page.getByRole('button', { name: /去结算/ }).click();
  await expect(page).toHaveURL(/\/confirmationOrder\?.*from=cart/);
  await expect(page.locator('[data-no-address]')).toContainText('新增收货地址');
  await page.locator('[data-no-address]').click();

  // A first address by pasting it whole and tapping 智能识别.
  await expect(page.getByRole('heading', { name: '新增收货地址' })).toBeVisible();
  await islandsReady(page);
  await page.getByLabel('粘贴整段地址').fill('张三 13800138000 浙江省杭州市西湖区文三路138号');
  await page.getByRole('button', { name: '智能识别' }).click();
  await expect(page.getByLabel('收货人')).toHaveValue('张三');
  await expect(page.getByLabel('手机号码')).toHaveValue('13800138000');
  await expect(page.getByRole('button', { name: /所在地区/ })).toHaveText('浙江省 杭州市 西湖区');
  await expect(page.getByLabel('详细地址')).toHaveValue('文三路138号');
  await page.getByRole('button', { name: '保存' }).click();

  // Back on the confirmation with that address: two sales, the amount the server computed.
  await expect(page).toHaveURL(/\/confirmationOrder\?.*addressId=\d+/);
  await expect(page.locator('[data-address-id]')).toContainText('张三');
  await expect(page.locator('[data-address-id]')).toContainText('浙江省杭州市西湖区文三路138号');
  await expect(page.locator('[data-sale]')).toHaveCount(2);
  const goods = yuan(await page.locator('[data-goods]').innerText());
  const freightText = await page.locator('[data-freight]').innerText();
  const freight = freightText === '免运费' ? 0 : yuan(freightText);
  await expect(page.locator('[data-pay]')).toHaveText(`¥${((goods + freight) / 100).toFixed(2)}`);
  await islandsReady(page);
  await page.getByRole('button', { name: '提交订单' }).click();

  // 收银台 for the checkout: both orders, the amount the confirmation showed, the countdown.
  await expect(page).toHaveURL(/\/checkout\?.*groupNo=[A-Z0-9]+/);
  await expect(page.locator('[data-pay-amount]')).toHaveText(
    `¥${((goods + freight) / 100).toFixed(2)}`,
  );
  await expect(page.locator('[data-order-count]')).toHaveText('共2笔订单');
  await expect(page.locator('[data-pay-countdown]')).toHaveText(/^1[01]:\d\d$/);

  // Two orders (one per sale) under 待付款; stock taken.
  await page.goto(`${shop.url}/order?shopId=1001&status=10`);
  const unpaid = page.locator('[data-order-card]');
  await expect(unpaid).toHaveCount(2);
  expect(await stockOf(FIRST.skuNos[0]!)).toBe(STOCK - 2);
  expect(await stockOf(SECOND.skuNos[0]!)).toBe(STOCK - 1);
  // The cart gave the bought lines up.
  const cart = await page.request.get(
    `${shop.url}/api/spweb/cart/queryBuyerCartSkuTotal?shopBizCode=1001`,
  );
  expect(await cart.json()).toMatchObject({ data: { cartSkuNum: 0 } });

  // The order of the first SKU: its detail counts down the 12 minutes.
  const firstCard = unpaid.filter({ hasText: FIRST.name });
  await firstCard.getByRole('link', { name: /^订单 \w+ 详情/ }).click();
  await expect(page.getByRole('heading', { name: '待付款' })).toBeVisible();
  await expect(page.locator('[data-countdown]')).toBeVisible();
  await expect(page.getByText('请在12分钟内完成支付，超时订单将自动取消')).toBeVisible();

  // Cancelled with a reason: its stock is back, the other order keeps its piece.
  await page.locator('footer.bar').getByRole('link', { name: '取消订单' }).click();
  await islandsHydrated(page);
  await page.getByRole('radio', { name: '我不想买了' }).check();
  await page.getByRole('button', { name: '确定取消' }).click();
  await expect(page.getByRole('heading', { name: '已取消' })).toBeVisible();
  expect(await stockOf(FIRST.skuNos[0]!)).toBe(STOCK);
  expect(await stockOf(SECOND.skuNos[0]!)).toBe(STOCK - 1);
});

test('a cross-border product asks for the real name before the order is placed', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { id: userId } = await shop.signIn(context, freshPhone());
  await shop.admin.db.insert(t.addresses).values({
    userId,
    name: '李四',
    phone: '13900139000',
    province: '上海市',
    city: '上海市',
    district: '浦东新区',
    regionCode: '310115',
    detail: '世纪大道100号',
    isDefault: true,
  });

  // 立即购买 goes straight to the confirmation, which shows the rule and no verified name.
  await page.goto(
    `${shop.url}/confirmationOrder?shopId=1001&skuNo=${CROSS_BORDER.skuNos[0]}&quantity=1`,
  );
  const realName = page.locator('[data-real-name]');
  await expect(realName).toContainText(
    '根据海关要求，购买跨境商品需提供中国大陆二代身份证信息进行实名认证，且订购人实名信息需与支付人一致。',
  );
  await expect(realName.getByRole('link', { name: /去实名认证/ })).toBeVisible();
  await islandsReady(page);
  await page.getByRole('button', { name: '提交订单' }).click();

  // 提交订单 leads to 实名认证 first; nothing was ordered.
  await expect(page).toHaveURL(/\/authname\?/);
  const placed = await shop.admin.db
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(and(eq(t.orders.userId, userId), eq(t.orders.shopId, '1001')));
  expect(placed).toHaveLength(0);
  await islandsReady(page);
  await page.getByLabel('真实姓名').fill('李四');
  await page.getByLabel('身份证号').fill('11010519491231002X');
  await page.getByRole('button', { name: '提交认证' }).click();

  // Back to the confirmation, verified and masked; now the order goes through.
  await expect(page).toHaveURL(/\/confirmationOrder\?/);
  await expect(realName).toContainText('已认证');
  await expect(realName).toContainText('李*');
  await islandsReady(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/checkout\?.*groupNo=[A-Z0-9]+/);
  await expect(page.locator('[data-order-count]')).toHaveText('共1笔订单');
  await expect(page.getByRole('button', { name: /^确认支付 ¥\d+\.\d\d$/ })).toBeVisible();
  expect(await stockOf(CROSS_BORDER.skuNos[0]!)).toBe(STOCK - 1);
});
