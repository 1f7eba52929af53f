/**
 * A shop keeper hands a coupon to a customer by link, on a phone (375×667), on the spec's own
 * database: the keeper opens 分享优惠券 from 我的 and copies 店铺通用券's link; a new shopper opens
 * it, sees who shared it, taps 立即领取, gets 去使用 (again after a reload) and finds the coupon in
 * 我的优惠券. A coupon that is not shared shows the empty state; a link naming someone who is not a
 * shop keeper shows no sharer.
 */
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { COUPONS } from '#demo/plan.ts';
import { freshPhone, userIdFor } from '../fixtures/accounts.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_coupon_share', viewport: { width: 375, height: 667 } });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const screen = (name: string) => `test-results/screens/coupon-share-${name}-375x667.png`;
const at = (shopId: string, path: string) =>
  `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${shopId}`;
const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });
const couponIdOf = async (couponNo: string) =>
  (
    await shop.admin.db
      .select({ id: t.coupons.id })
      .from(t.coupons)
      .where(eq(t.coupons.couponNo, couponNo))
  )[0]!.id;

test('a shop keeper copies a coupon link; a new shopper opens it, sees the sharer, draws it and finds it in 我的优惠券', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const couponId = await couponIdOf(COUPONS['1001'].shopWide);
  const keeper = await shop.signIn(context, 'owner1001');
  const [keeperRow] = await shop.admin.db
    .select({ nickname: t.users.nickname })
    .from(t.users)
    .where(eq(t.users.id, keeper.id));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });

  // 我的 → 分享优惠券: the shop's shareable coupons, each with its link.
  await page.goto(at('1001', '/my'));
  await page.locator('[data-entries="distributor"]').getByText('分享优惠券').click();
  await expect(page.getByRole('heading', { name: '分享优惠券' })).toBeVisible();
  const item = page.locator(`[data-share-coupon="${couponId}"]`);
  await expect(item).toContainText('店铺通用券');
  await expect(item).toContainText('送你一张¥20.00优惠券');
  await page.screenshot({ path: screen('list') });
  await item.getByRole('button', { name: '复制链接' }).click();
  await expect(page.getByText('链接已复制')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const link = new URL(copied);
  expect(link.pathname).toBe('/receive-coupon');
  expect(link.searchParams.get('couponId')).toBe(String(couponId));
  expect(link.searchParams.get('distributorId')).toBe(String(keeper.id));
  expect(link.searchParams.get('shopId')).toBe('1001');

  // A new shopper on another phone opens the link.
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 667 } });
  try {
    const shopperPage = await phoneContext.newPage();
    const phone = freshPhone();
    await userIdFor(shop.admin, phone, '受邀顾客');
    await shop.signIn(phoneContext, phone);
    await shopperPage.goto(`${shop.url}${link.pathname}${link.search}`);
    const receive = shopperPage.locator('[data-receive-coupon]');
    await expect(receive.locator('[data-sharer]')).toHaveText(
      `${keeperRow!.nickname || '店主'} 送你一张优惠券`,
    );
    await expect(receive.locator('[data-face]')).toHaveText('¥20.00');
    await expect(receive.locator('[data-condition]')).toHaveText('满199减20');
    await islandsReady(shopperPage);
    await shopperPage.screenshot({ path: screen('receive') });
    await receive.getByRole('button', { name: /立即领取/ }).click();
    const use = receive.getByRole('link', { name: /去使用/ });
    await expect(use).toBeVisible();
    expect(await use.getAttribute('href')).toContain(`/coupon-offer-list?couponId=${couponId}`);

    // Opened again: 去使用 straight away.
    await shopperPage.reload();
    await expect(receive.getByRole('link', { name: /去使用/ })).toBeVisible();
    await expect(receive.getByRole('button', { name: /立即领取/ })).toHaveCount(0);
    await shopperPage.screenshot({ path: screen('drawn') });

    // 我的优惠券 holds it.
    await shopperPage.goto(at('1001', '/coupon'));
    await expect(shopperPage.getByText('店铺通用券')).toBeVisible();
  } finally {
    await phoneContext.close();
  }
});

test('a coupon that is not shared shows the empty state; a link naming no shop keeper shows no sharer', async ({
  page,
  context,
}) => {
  const phone = freshPhone();
  const me = await userIdFor(shop.admin, phone, '路过顾客');
  await shop.signIn(context, phone);

  const newcomer = await couponIdOf(COUPONS['1001'].newcomer);
  const response = await page.goto(at('1001', `/receive-coupon?couponId=${newcomer}`));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '优惠券不存在' })).toBeVisible();
  await expect(page.locator('[data-receive-coupon]')).toHaveCount(0);
  await page.screenshot({ path: screen('not-shared') });

  // An unknown coupon and no coupon at all (a shopper has no share list) answer the same.
  for (const path of ['/receive-coupon?couponId=999999999', '/receive-coupon']) {
    await page.goto(at('1001', path));
    await expect(page.getByRole('heading', { name: '优惠券不存在' })).toBeVisible();
  }

  // The shopper's own id (not a shop keeper) as the sharer: the coupon shows, no sharer.
  const shared = await couponIdOf(COUPONS['1001'].shopWide);
  await page.goto(at('1001', `/receive-coupon?couponId=${shared}&distributorId=${me}`));
  await expect(page.locator('[data-receive-coupon]')).toBeVisible();
  await expect(page.locator('[data-sharer]')).toHaveCount(0);
});
