/**
 * Freight insurance (退货运费险) as a shopper and a shop owner live it, on a phone (375×667), on
 * the spec's own PostgreSQL database:
 *
 * - a new shopper turns 退货运费险 on at 确认订单: the amount rises by the premium its rules
 *   give, the cover is shown; the order is placed and paid through the sandbox gateway for the
 *   insured amount; the order shows the premium and its policy is 保障中;
 * - shipped, the shopper asks 退货退款; the owner approves it: the return shows the claim
 *   (¥12.00 待赔付), the policy is 已理赔 and the owner's 运费险赔付 lists what the shop owes;
 * - the demo: the shop's official account QR after paying; the owner's demo claim; the
 *   explanation page drawn from the rules.
 */
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop, islandsHydrated } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { insurancePremium, STANDARD_COVER_CENTS } from '#lib/insurance/rules.ts';
import { freshPhone, switchAccount, userIdFor } from '../fixtures/accounts.ts';
import { givenProduct, givenSale, givenShop } from '../fixtures/given.ts';

let shop: PgShop;
const OFFICIAL_ACCOUNT =
  'https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=MzkxMDAwOTk5OQ==';

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_insurance' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const screen = (name: string) => `test-results/screens/insurance-${name}-375x667.png`;
const at = (shopId: string, path: string) =>
  `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${shopId}`;
const yuan = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });

/** A shopper of their own with a default address in 浙江省, signed into the context. */
async function newShopper(context: BrowserContext) {
  const phone = freshPhone();
  const id = await userIdFor(shop.admin, phone, '运费险顾客');
  await shop.admin.db.insert(t.addresses).values({
    userId: id,
    name: '赵六',
    phone: '13700137001',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    regionCode: '330106',
    detail: '文三路2号',
    isDefault: true,
  });
  await shop.signIn(context, phone);
  return { id, phone };
}

async function switchTo(context: BrowserContext, phone: string) {
  await switchAccount(shop.admin, shop.url, context, phone);
}

test('insured at checkout, paid, returned: the premium is charged once and the return files the claim', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const owned = await givenShop(shop.admin.db);
  const sale = await givenSale(shop.admin.db, owned.shopId, { title: '运费险测试特卖' });
  const product = await givenProduct(shop.admin.db, sale, { name: '羊绒围巾', priceCents: 15_900 });
  const me = await newShopper(context);
  await shop.admin.db
    .update(t.shops)
    .set({ officialAccountUrl: OFFICIAL_ACCOUNT })
    .where(eq(t.shops.id, owned.shopId));

  // 确认订单 without insurance: the switch is off and says what it would cost.
  await page.goto(at(owned.shopId, `/confirmationOrder?skuNo=${product.skuNos[0]}&quantity=1`));
  const toggle = page.getByRole('switch', { name: '退货运费险' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  const goods = yuan(await page.locator('[data-goods]').innerText());
  const premium = insurancePremium(goods);
  expect(premium).toBe(150);
  await expect(page.locator('[data-premium]')).toHaveText(`¥${formatYuan(premium)}`);
  await expect(page.locator('[data-cover]')).toHaveText(
    `退货时赔付运费 ¥${formatYuan(STANDARD_COVER_CENTS)}，每单一次`,
  );
  const uninsured = yuan(await page.locator('[data-pay]').innerText());

  // Switched on: the page is priced again with the premium.
  await toggle.click();
  await expect(page).toHaveURL(/insured=1/);
  await expect(page.getByRole('switch', { name: '退货运费险' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.locator('[data-pay]')).toHaveText(`¥${formatYuan(uninsured + premium)}`);
  await page.screenshot({ path: screen('confirmation') });

  // 提交订单 → the cashier asks for the insured amount → paid in the sandbox.
  await islandsReady(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/checkout\?.*groupNo=/);
  const pay = `¥${formatYuan(uninsured + premium)}`;
  await expect(page.locator('[data-pay-amount]')).toHaveText(pay);
  await page.getByRole('button', { name: `确认支付 ${pay}` }).click();
  await expect(page).toHaveURL(/\/sandbox\/wechatpay\/cashier/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 35_000 });
  // The shop's official account, to follow for the order's notices.
  const follow = page.locator('[data-official-account]');
  await expect(follow.locator('svg')).toBeVisible();
  await expect(follow).toContainText('长按识别二维码关注公众号，及时接收发货和物流通知');
  const qr = await page.request.get(
    `${shop.url}/api/web/qrcode/wechat/subscription/order?shopBizCode=${owned.shopId}`,
  );
  expect((await qr.json()).data.followUrl).toBe(OFFICIAL_ACCOUNT);
  await page.screenshot({ path: screen('success'), fullPage: true });

  // The order shows the premium; its policy is in force.
  await page.getByRole('link', { name: '查看订单' }).click();
  const orderNo = (await page.locator('[data-order-no]').getAttribute('data-order-no'))!;
  await expect(page.locator('[data-insurance] dd')).toHaveText(`¥${formatYuan(premium)}`);
  const [order] = await shop.admin.db
    .select({
      payCents: t.orders.payCents,
      insuranceCents: t.orders.insuranceCents,
      coverCents: t.orders.insuranceCoverCents,
      status: t.orders.status,
    })
    .from(t.orders)
    .where(eq(t.orders.orderNo, orderNo));
  expect(order).toEqual({
    payCents: uninsured + premium,
    insuranceCents: premium,
    coverCents: STANDARD_COVER_CENTS,
    status: 20,
  });
  await page.getByRole('link', { name: '退货运费险 ›' }).click();
  await expect(page.getByRole('heading', { name: '退货运费险 · 保障中' })).toBeVisible();
  await expect(page.locator('[data-premium]')).toHaveText(`¥${formatYuan(premium)}`);
  await expect(page.locator('[data-cover]')).toHaveText('¥12.00');
  await page.screenshot({ path: screen('policy-active') });

  // Shipped by the shop; the shopper asks to return the scarf.
  const now = new Date();
  await shop.admin.db
    .update(t.orders)
    .set({ status: 30, shippedAt: now, autoCompleteAt: new Date(now.getTime() + 10 * 86_400_000) })
    .where(eq(t.orders.orderNo, orderNo));
  await page.goto(at(owned.shopId, `/orderDetail?orderNo=${orderNo}`));
  await page.getByRole('link', { name: '申请售后：羊绒围巾' }).click();
  await expect(page.locator('[data-kind]')).toHaveText('退货退款');
  await islandsHydrated(page);
  await page.getByRole('radio', { name: '质量问题' }).check();
  await page.getByRole('button', { name: '提交申请' }).click();
  await page.waitForURL(/\/afterSaleDetail\?/);
  const afterSaleNo = new URL(page.url()).searchParams.get('afterSaleNo')!;
  // A return gives back the goods, not the freight nor the premium (the policy pays the postage).
  await expect(page.locator('[data-amount]')).toHaveText(`¥${formatYuan(goods)}`);

  // The owner approves it.
  await switchTo(context, owned.ownerPhone);
  await page.goto(at(owned.shopId, '/shopAfterSales'));
  const card = page.locator(`[data-after-sale="${afterSaleNo}"]`);
  await card.getByRole('button', { name: '同意：羊绒围巾' }).click();
  await page
    .getByRole('dialog', { name: '同意售后申请' })
    .getByRole('button', { name: '确定' })
    .click();
  await expect(card).toHaveCount(0);
  await page.getByRole('link', { name: '运费险赔付' }).click();
  await expect(page.locator('[data-owed]')).toHaveText('¥12.00');
  await expect(page.locator('[data-claim]')).toHaveCount(1);
  await expect(page.locator('[data-claim]')).toContainText('羊绒围巾');
  await expect(page.locator('[data-claim]')).toContainText('待赔付');
  await page.screenshot({ path: screen('owner-claims') });

  // The shopper's return shows the claim; the policy is claimed.
  await switchTo(context, me.phone);
  await page.goto(at(owned.shopId, `/afterSaleDetail?afterSaleNo=${afterSaleNo}`));
  await expect(page.locator('[data-claim] dd')).toHaveText('¥12.00 待赔付');
  await page.getByRole('link', { name: '运费险理赔' }).click();
  await expect(page.getByRole('heading', { name: '退货运费险 · 已理赔' })).toBeVisible();
  await expect(page.locator('[data-claim-amount]')).toHaveText('¥12.00');
  await expect(page.locator('[data-claim-status]')).toHaveText('待赔付');
  await page.screenshot({ path: screen('policy-claimed') });

  // 运费险说明, from the policy page: the rules the checkout priced with.
  await page.getByRole('link', { name: '运费险说明' }).click();
  await expect(page.getByRole('heading', { name: '退货运费险说明' })).toBeVisible();
  await expect(page.locator('[data-premium-table] tbody tr')).toHaveText([
    /¥0\.00 – ¥99\.99\s*¥0\.80/,
    /¥100\.00 – ¥299\.99\s*¥1\.50/,
    /¥300\.00 及以上\s*¥2\.50/,
  ]);
  await page.screenshot({ path: screen('explain') });
});

test('switching 退货运费险 off prices the checkout without it again', async ({ page, context }) => {
  const owned = await givenShop(shop.admin.db);
  const sale = await givenSale(shop.admin.db, owned.shopId);
  const product = await givenProduct(shop.admin.db, sale, { priceCents: 4_900 });
  await newShopper(context);
  await page.goto(
    at(owned.shopId, `/confirmationOrder?skuNo=${product.skuNos[0]}&quantity=1&insured=1`),
  );
  const insured = yuan(await page.locator('[data-pay]').innerText());
  await expect(page.locator('[data-premium]')).toHaveText('¥0.80');
  await page.getByRole('switch', { name: '退货运费险' }).click();
  await expect(page).not.toHaveURL(/insured=1/);
  await expect(page.locator('[data-pay]')).toHaveText(`¥${formatYuan(insured - 80)}`);
  // A shop without an official account has no QR code to show.
  const qr = await page.request.get(
    `${shop.url}/api/web/qrcode/wechat/subscription/order?shopBizCode=${owned.shopId}`,
  );
  expect(await qr.json()).toMatchObject({ code: 0, data: null });
});

test('a shop that does not offer freight insurance shows no switch, and the call refuses', async ({
  page,
  context,
}) => {
  const owned = await givenShop(shop.admin.db);
  await shop.admin.db
    .update(t.shops)
    .set({ freightInsurance: false })
    .where(eq(t.shops.id, owned.shopId));
  const sale = await givenSale(shop.admin.db, owned.shopId);
  const product = await givenProduct(shop.admin.db, sale, { priceCents: 4_900 });
  await newShopper(context);
  await page.goto(
    at(owned.shopId, `/confirmationOrder?skuNo=${product.skuNos[0]}&quantity=1&insured=1`),
  );
  await expect(page.getByRole('heading', { name: '确认订单' })).toBeAttached();
  await expect(page.getByRole('switch', { name: '退货运费险' })).toHaveCount(0);
  const quote = await page.request.post(
    `${shop.url}/api/order/queryInsuredFee?shopBizCode=${owned.shopId}`,
    { data: { skuNo: product.skuNos[0], quantity: 1 }, headers: { origin: shop.url } },
  );
  const body = await quote.json();
  expect(body.data).toMatchObject({ available: false, reason: '本店暂未开通运费险' });
});

test.describe('the demo', () => {
  test('the owner of 1001 finds the demo claim under 运费险赔付, and the call answers it', async ({
    page,
    context,
  }) => {
    await shop.signIn(context, 'owner1001');
    await page.goto(at('1001', '/shopAfterSales?status=claims'));
    await expect(page.locator('[data-owed]')).toHaveText('¥12.00');
    await expect(page.locator('[data-claim]').first()).toContainText('周*');
    const answer = await page.request.get(
      `${shop.url}/api/order/searchSellerCompensateFee?shopBizCode=1001`,
    );
    const { data } = await answer.json();
    expect(data.owedCents).toBe(1200);
    expect(data.list[0]).toMatchObject({ amountCents: 1200, statusText: '待赔付' });
  });

  test('a shopper may not read the shop’s compensations', async ({ page, context }) => {
    await shop.signIn(context, 'consumer');
    const answer = await page.request.get(
      `${shop.url}/api/order/searchSellerCompensateFee?shopBizCode=1001`,
    );
    // Code 403 means "not logged in" to the client: a refused role is 40301.
    expect((await answer.json()).code).toBe(40301);
  });

  test('the demo shopper’s insured parcel is 保障中 in 我的运费险', async ({ page, context }) => {
    await shop.signIn(context, 'consumer');
    await page.goto(at('1001', '/freightInsurance'));
    await expect(page.getByRole('heading', { name: '我的运费险' })).toBeVisible();
    await expect(page.locator('[data-policy-order]')).toHaveCount(1);
    await expect(page.locator('[data-policy-order]')).toContainText('保障中');
    await page.screenshot({ path: screen('policies') });
  });
});
