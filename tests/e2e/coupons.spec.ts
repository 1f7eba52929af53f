/**
 * Coupons at checkout, as a shopper lives it on a phone (375×667), on the spec's own PostgreSQL
 * database: the best coupon the shopper holds is preselected on 确认订单 and the amount drops by
 * it; 选择优惠券 lists usable and unusable coupons with the reason and lets them choose none; the
 * order is placed with the coupon; cancelling the unpaid order gives the coupon back.
 */
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop, islandsHydrated } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { drawCoupon } from '#lib/coupons/draw.server.ts';
import { UserCouponStatus } from '#lib/coupons/status.ts';
import { freshPhone, userIdFor } from '../fixtures/accounts.ts';
import { givenProduct, givenSale, givenShop } from '../fixtures/given.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_coupons' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const screen = (name: string) => `test-results/screens/coupons-${name}-375x667.png`;
const at = (shopId: string, path: string) =>
  `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${shopId}`;
const yuan = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });
const DAY = 86_400_000;

async function newShopper(context: BrowserContext) {
  const phone = freshPhone();
  const id = await userIdFor(shop.admin, phone, '领券顾客');
  await shop.admin.db.insert(t.addresses).values({
    userId: id,
    name: '钱七',
    phone: '13700137002',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    regionCode: '330106',
    detail: '文三路3号',
    isDefault: true,
  });
  await shop.signIn(context, phone);
  return { id, phone };
}

/** A coupon template of the shop, claimable now. */
async function givenCoupon(
  shopId: string,
  values: Partial<typeof t.coupons.$inferInsert> & { name: string },
) {
  const now = Date.now();
  const [row] = await shop.admin.db
    .insert(t.coupons)
    .values({
      couponNo: `C${shopId}${Math.floor(Math.random() * 1e9)}`,
      shopId,
      amountCents: 1000,
      total: 100,
      claimFrom: new Date(now - DAY),
      claimTo: new Date(now + DAY),
      validDays: 7,
      ...values,
    })
    .returning({ id: t.coupons.id });
  return row!.id;
}

test('the best coupon is preselected, can be changed or dropped, and comes back when the unpaid order is cancelled', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const owned = await givenShop(shop.admin.db);
  const sale = await givenSale(shop.admin.db, owned.shopId, { title: '领券测试特卖' });
  const product = await givenProduct(shop.admin.db, sale, { name: '真丝衬衫', priceCents: 25_000 });
  const me = await newShopper(context);
  const small = await givenCoupon(owned.shopId, {
    name: '小额券',
    amountCents: 1000,
    thresholdCents: 0,
  });
  const big = await givenCoupon(owned.shopId, {
    name: '满200减30',
    amountCents: 3000,
    thresholdCents: 20_000,
  });
  const tooHigh = await givenCoupon(owned.shopId, {
    name: '满500减80',
    amountCents: 8000,
    thresholdCents: 50_000,
  });
  const claimed: Record<number, number> = {};
  for (const couponId of [small, big, tooHigh]) {
    claimed[couponId] = await drawCoupon(shop.admin.db, {
      shopId: owned.shopId,
      userId: me.id,
      couponId,
      source: 'center',
    });
  }

  // 确认订单: the ¥30 coupon is chosen for the shopper, and the amount is ¥30 less.
  await page.goto(at(owned.shopId, `/confirmationOrder?skuNo=${product.skuNos[0]}&quantity=1`));
  await expect(page.locator('[data-coupon-amount]')).toHaveText('-¥30.00 ›');
  const goods = yuan(await page.locator('[data-goods]').innerText());
  const freight = (await page.locator('[data-freight]').innerText()).includes('¥')
    ? yuan(await page.locator('[data-freight]').innerText())
    : 0;
  await expect(page.locator('[data-pay]')).toHaveText(`¥${formatYuan(goods - 3000 + freight)}`);
  await page.screenshot({ path: screen('confirmation') });

  // 选择优惠券: two usable (the most saving first), one not with its reason.
  await page.locator('[data-coupon-row]').click();
  await expect(page.getByRole('heading', { name: '选择优惠券' })).toBeVisible();
  await expect(page.locator('[data-coupon]')).toHaveCount(2);
  await expect(page.locator('[data-coupon]').first()).toContainText('满200减30');
  await expect(page.locator('[data-coupon]').first()).toHaveAttribute('aria-current', 'true');
  await expect(page.locator(`[data-unusable="${claimed[tooHigh]}"]`)).toContainText(
    '未达到优惠券使用门槛',
  );
  await page.screenshot({ path: screen('select') });

  // Choose none: the full amount; then the ¥10 one.
  await page.locator('[data-no-coupon]').click();
  await expect(page).toHaveURL(/userCouponId=none/);
  await expect(page.locator('[data-pay]')).toHaveText(`¥${formatYuan(goods + freight)}`);
  await page.locator('[data-coupon-row]').click();
  await page.locator(`[data-coupon="${claimed[small]}"]`).click();
  await expect(page.locator('[data-coupon-amount]')).toHaveText('-¥10.00 ›');
  const pay = `¥${formatYuan(goods - 1000 + freight)}`;
  await expect(page.locator('[data-pay]')).toHaveText(pay);

  // 提交订单 with it: the cashier asks for the discounted amount; the coupon is used.
  await islandsReady(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/checkout\?.*groupNo=/);
  await expect(page.locator('[data-pay-amount]')).toHaveText(pay);
  const statusOf = async (id: number) =>
    (
      await shop.admin.db
        .select({ status: t.userCoupons.status })
        .from(t.userCoupons)
        .where(eq(t.userCoupons.id, id))
    )[0]!.status;
  expect(await statusOf(claimed[small]!)).toBe(UserCouponStatus.Used);

  // Cancelled while unpaid: the coupon is the shopper's again.
  const [order] = await shop.admin.db
    .select({ orderNo: t.orders.orderNo })
    .from(t.orders)
    .where(eq(t.orders.userId, me.id));
  // 优惠订单 (from 我的优惠券) lists it with what the coupon took off.
  await page.goto(at(owned.shopId, '/coupon'));
  await page.getByRole('link', { name: '优惠订单 ›' }).click();
  await expect(page.getByRole('heading', { name: '优惠订单' })).toBeVisible();
  await expect(page.locator('[data-coupon-saved]')).toContainText(
    '1 笔订单使用了优惠券，共节省 ¥10.00',
  );
  await expect(page.getByText('优惠券抵扣 ¥10.00')).toBeVisible();

  await page.goto(at(owned.shopId, `/orderDetail?orderNo=${order!.orderNo}`));
  await page.getByRole('link', { name: '取消订单' }).first().click();
  await islandsHydrated(page);
  await page.getByRole('radio', { name: '我不想买了' }).check();
  await page.getByRole('button', { name: '确定取消' }).click();
  await expect(page.getByRole('heading', { name: '已取消' })).toBeVisible();
  expect(await statusOf(claimed[small]!)).toBe(UserCouponStatus.Unused);
  await page.goto(at(owned.shopId, '/offer-order'));
  await expect(page.getByText('还没有使用优惠券的订单，领张券去逛逛吧')).toBeVisible();
  await page.goto(at(owned.shopId, `/confirmationOrder?skuNo=${product.skuNos[0]}&quantity=1`));
  await expect(page.locator('[data-coupon-amount]')).toHaveText('-¥30.00 ›');
});

test('领券中心: 立即领取 turns into 去使用, the coupon is in 我的优惠券, a sold-out one says 已抢光', async ({
  page,
  context,
}) => {
  const owned = await givenShop(shop.admin.db);
  const [category] = await shop.admin.db
    .insert(t.couponCategories)
    .values({ shopId: owned.shopId, name: '店铺券', sort: 1 })
    .returning({ id: t.couponCategories.id });
  await givenCoupon(owned.shopId, {
    name: '满99减10',
    amountCents: 1000,
    thresholdCents: 9900,
    categoryId: category!.id,
  });
  await givenCoupon(owned.shopId, {
    name: '限量券',
    amountCents: 5000,
    thresholdCents: 29900,
    total: 1,
    issued: 1,
    categoryId: category!.id,
  });
  await newShopper(context);

  await page.goto(at(owned.shopId, '/coupon-center'));
  await expect(page.getByRole('heading', { name: '领券中心' })).toBeVisible();
  await expect(page.getByRole('link', { name: '店铺券' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: '已抢光：限量券' })).toBeDisabled();
  await page.getByRole('button', { name: '立即领取：满99减10' }).click();
  await expect(page.getByRole('link', { name: '去使用：满99减10' })).toBeVisible();
  await page.screenshot({ path: screen('center') });

  await page.goto(at(owned.shopId, '/coupon'));
  await expect(page.locator('[data-tab="unused"] [data-count]')).toHaveText('1');
  await expect(page.locator('[data-my-coupon]')).toHaveCount(1);
  await expect(page.locator('[data-my-coupon]')).toContainText('满99减10');
  await page.screenshot({ path: screen('mine') });
  // The centre's answer for the caller says the same.
  const answer = await page.request.get(
    `${shop.url}/api/spweb/queryCouponCount?shopBizCode=${owned.shopId}`,
  );
  expect((await answer.json()).data).toEqual({ unused: 1 });
});
