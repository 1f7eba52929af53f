/**
 * The home page's layer, as a shopper meets it on a phone (375×667), on the spec's own database
 * with the demo data: the red-envelope rain on shop 1001's home (it opens by itself after 3 s and
 * the coupons won are in 我的优惠券), the guides after it (one at a time, 200 ms after the popup,
 * gone after 5 s or a tap, each shown once), the coupon notice on home and not on the cart
 * (closed for the session, its count asked at most once a minute), 1002's coupon list with
 * 一键领取, and the administrator's skin popup and skin tip. A fake clock drives every timer.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { freshPhone, userIdFor } from '../fixtures/accounts.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_popups', viewport: { width: 375, height: 667 } });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const screen = (name: string) => `test-results/screens/popups-${name}-375x667.png`;
const at = (shopId: string, path: string) =>
  `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${shopId}`;

async function newShopper(context: BrowserContext) {
  const phone = freshPhone();
  await userIdFor(shop.admin, phone, '新顾客');
  await shop.signIn(context, phone);
}

const popup = (page: Page) => page.locator('[data-coupon-popup]');
/** Stops the page's clock (50 ms on, so it is never behind): from here only runFor moves it. */
const pauseClock = async (page: Page) =>
  page.clock.pauseAt(await page.evaluate(() => Date.now() + 50));
const bubble = (page: Page) => page.locator('[data-guide-bubble]');

test('a new shopper on home meets the red-envelope rain, which opens by itself after 3 s; the coupons won are in 我的优惠券; the guides follow once', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await newShopper(context);
  await page.clock.install();
  await page.goto(at('1001', '/index'));

  await expect(popup(page)).toBeVisible();
  await pauseClock(page);
  await expect(popup(page)).toHaveAttribute('data-stage', 'envelope');
  await expect(popup(page).getByRole('heading', { name: '红包雨来啦' })).toBeVisible();
  // A drop every 300 ms.
  await page.clock.runFor(1000);
  expect(await page.locator('[data-rain] .drop').count()).toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: screen('rain') });

  // Still closed at 2.5 s (the page's own time ran a little before the clock stopped); open at 3 s
  // by itself, showing the three coupons won.
  await page.clock.runFor(1500);
  await expect(popup(page)).toHaveAttribute('data-stage', 'envelope');
  await page.clock.runFor(500);
  await expect(popup(page)).toHaveAttribute('data-stage', 'won');
  await expect(popup(page).getByText('恭喜获得 3 张优惠券')).toBeVisible();
  await expect(popup(page)).toHaveAttribute('data-many', '');
  const won = popup(page).locator('[data-coupons] li');
  await expect(won).toHaveCount(3);
  await expect(won.nth(2)).toContainText('红包雨专享券');
  await expect(won.nth(2)).toContainText('满99减10');
  await expect(won.first().getByRole('link', { name: '去使用' })).toHaveAttribute(
    'href',
    /\/coupon-offer-list\?.*couponId=\d+/,
  );
  await page.screenshot({ path: screen('won') });

  // Closing ends it; 200 ms later the first guide (the sale filter), then the next one. The
  // dialog's close event is a task of its own: the gap starts when it has run.
  const closed = popup(page).evaluate(
    (dialog) =>
      new Promise<void>((done) => dialog.addEventListener('close', () => done(), { once: true })),
  );
  await popup(page).getByRole('button', { name: '关闭' }).click();
  await closed;
  await expect(popup(page)).toBeHidden();
  await page.clock.runFor(199);
  await expect(bubble(page)).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(bubble(page)).toHaveAttribute('data-guide-bubble', 'indexFilter');
  await expect(bubble(page)).toHaveText('点这里按分类筛选品牌特卖');
  await page.screenshot({ path: screen('guide') });
  // Gone by itself after 5 s; only one guide at a time.
  await page.clock.runFor(4999);
  await expect(bubble(page)).toHaveCount(1);
  await page.clock.runFor(1);
  await expect(bubble(page)).toHaveCount(0);
  await page.clock.runFor(200);
  await expect(bubble(page)).toHaveAttribute('data-guide-bubble', 'indexCollection');
  // A tap ends it at once.
  await page.mouse.click(10, 400);
  await expect(bubble(page)).toHaveCount(0);

  await page.goto(at('1001', '/coupon'));
  for (const name of ['店铺通用券', '新人专享券', '红包雨专享券']) {
    await expect(page.locator('.ticket', { hasText: name }).first()).toBeVisible();
  }

  // Back on home: the popup waits for its interval and each guide was shown once.
  await page.goto(at('1001', '/index'));
  await expect(page.getByRole('heading', { name: '品牌特卖' })).toBeVisible();
  await page.clock.runFor(6000);
  await expect(popup(page)).toBeHidden();
  await expect(bubble(page)).toHaveCount(0);
});

test('tapping the envelope opens it at once', async ({ page, context }) => {
  await newShopper(context);
  await page.clock.install();
  await page.goto(at('1001', '/index'));
  await expect(popup(page)).toHaveAttribute('data-stage', 'envelope');
  await popup(page).getByRole('button', { name: '拆红包' }).click();
  await expect(popup(page)).toHaveAttribute('data-stage', 'won');
  await expect(popup(page).getByText('恭喜获得 3 张优惠券')).toBeVisible();
});

test('the coupon notice shows on home and not on the cart; ✕ closes it for the session; its count is asked at most once a minute', async ({
  page,
  context,
}) => {
  await shop.signIn(context, 'consumer');
  await page.clock.install();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/spweb/queryUserCouponList')) asked.push(request.url());
  });
  // The consumer met the rain before: keep this page about the notice.
  await page.goto(at('1001', '/index'));
  const notice = page.locator('[data-coupon-notice]');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/你有 \d+ 张优惠券待使用/);
  expect(asked).toHaveLength(1);
  expect(new URL(asked[0]!).searchParams.get('status')).toBe('0');
  expect(new URL(asked[0]!).searchParams.get('pageSize')).toBe('10');

  await page.goto(at('1001', '/cart'));
  await expect(page.getByRole('heading', { name: '购物车' })).toBeAttached();
  await expect(page.locator('[data-coupon-notice]')).toHaveCount(0);

  await page.goto(at('1001', '/my'));
  await expect(page.locator('[data-coupon-notice]')).toBeVisible();
  expect(asked).toHaveLength(1); // within the minute: the stored count
  await page.clock.fastForward(60_000);
  await page.goto(at('1001', '/search'));
  await expect(page.locator('[data-coupon-notice]')).toBeVisible();
  expect(asked).toHaveLength(2);

  await page.locator('[data-coupon-notice]').getByRole('button', { name: '关闭' }).click();
  await expect(page.locator('[data-coupon-notice]')).toBeHidden();
  await page.goto(at('1001', '/my'));
  await expect(page.getByText('我的服务')).toBeVisible();
  await expect(page.locator('[data-coupon-notice]')).toBeHidden();
});

test('shop 1002 lists its coupons: 一键领取 draws them and 去使用 appears', async ({
  page,
  context,
}) => {
  await newShopper(context);
  await page.goto(at('1002', '/index'));
  await expect(popup(page)).toHaveAttribute('data-stage', 'list');
  await expect(popup(page).locator('[data-coupons] li')).toHaveCount(2);
  await page.screenshot({ path: screen('list') });
  await popup(page).getByRole('button', { name: '一键领取' }).click();
  await expect(popup(page).getByText('恭喜获得 2 张优惠券')).toBeVisible();
  await expect(popup(page).getByRole('link', { name: '去使用' })).toHaveCount(2);
});

test('the administrator meets the skin popup first: only skins to change to (立即使用), 换肤成功, the 12 s skin tip, and the home in the new colours', async ({
  page,
  context,
}) => {
  await shop.signIn(context, 'manager1001');
  await page.clock.install();
  await page.goto(at('1001', '/index'));
  const skin = page.locator('[data-skin-popup]');
  await expect(skin).toBeVisible();
  await expect(skin.getByRole('heading', { name: '冬日新皮肤上线' })).toBeVisible();
  const apply = skin.locator('[data-apply-skin]');
  // The skin the shop wears (经典红) is not offered: the popup opens on a new one.
  await expect(skin.locator('figcaption')).toHaveText(['清新绿', '海洋蓝', '暗夜黑']);
  await expect(apply).toHaveText('立即使用');
  await expect(popup(page)).toBeHidden(); // the coupon popup waits its turn
  await page.screenshot({ path: screen('skin') });

  await apply.click();
  await expect(page.getByText('换肤成功')).toBeVisible();
  await page.clock.runFor(1000);
  await page.waitForLoadState('load');
  const tip = page.locator('[data-skin-tip]');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('12s');
  await expect(tip.getByRole('link')).toHaveAttribute('href', /\/decoration\?/);
  await page.clock.runFor(11_000);
  await expect(tip).toContainText('1s');
  await page.clock.runFor(1000);
  await expect(tip).toBeHidden();

  // Everything themed took the new colour (清新绿 #2a9d8f): the promotion banner's backdrop and
  // the quick-entry circles, which the shop's own pictures leave to the page; no red is left.
  const green = 'rgb(42, 157, 143)';
  await expect(page.locator('[data-module="diamond"] img').first()).toHaveCSS(
    'background-color',
    green,
  );
  await expect(page.locator('[data-module="indexBanner"] > *').first()).toHaveCSS(
    'background-image',
    /rgb\(42, 157, 143\)/,
  );
  await page.screenshot({ path: screen('skin-changed') });

  // Closed once, it does not come back.
  await page.goto(at('1001', '/index'));
  await expect(page.getByRole('heading', { name: '品牌特卖' })).toBeVisible();
  await page.clock.runFor(1000);
  await expect(skin).toBeHidden();
});

test('drawing on a brand page needs the brand: without it the answer is 参数缺失！', async ({
  page,
  context,
}) => {
  await newShopper(context);
  await page.goto(at('1001', '/coupon-center'));
  const draw = (body: object) =>
    page.evaluate(async (payload) => {
      const response = await fetch('/api/spweb/order/drawCoupon?shopBizCode=1001', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return response.json() as Promise<{ success: boolean; message: string }>;
    }, body);
  expect(await draw({ couponId: 1 })).toMatchObject({ success: false, message: '参数缺失！' });
  expect(await draw({ couponId: 1, brandId: 1, price: 0 })).toMatchObject({
    success: false,
    message: '不支持的参数：price',
  });
});

test('a venue offers its own coupon list (couponWindowForVenue), and the image-search tip shows once', async ({
  page,
  context,
}) => {
  await newShopper(context);
  await page.goto(at('1001', '/businessVenue?venueNo=V1001001'));
  await expect(popup(page)).toHaveAttribute('data-stage', 'list');
  await expect(popup(page).getByRole('heading', { name: '会场专享券' })).toBeVisible();
  await expect(popup(page).locator('[data-coupons] li')).toHaveCount(2);
  await popup(page).getByRole('button', { name: '一键领取' }).click();
  await expect(popup(page).getByText('恭喜获得 2 张优惠券')).toBeVisible();

  await page.clock.install();
  await page.goto(at('1001', '/img-search'));
  await expect(bubble(page)).toHaveText('拍一张照片，就能找到同款商品');
  await page.clock.runFor(5000);
  await expect(bubble(page)).toHaveCount(0);
  await page.goto(at('1001', '/img-search'));
  await expect(page.getByRole('heading', { name: '拍照搜同款' })).toBeVisible();
  await page.clock.runFor(1000);
  await expect(bubble(page)).toHaveCount(0);
});
