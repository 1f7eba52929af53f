/**
 * The in-app landing `login` (commerce §8), on a phone inside the messaging app:
 *
 * - signed in, a call answers 999999 (the session is no longer good): member auth signs the
 *   shopper in again without a screen, lands on `login`, and login brings them back to the page;
 * - a face the app does not know lands on login, which starts member auth by itself; refused, login
 *   says so and offers 微信授权登录 and 手机号登录; allowing then brings them back to the page;
 * - 999998 on a page just back from member auth (rdt) lands on index, and index refused again
 *   stays put instead of going round for ever;
 * - in a plain browser `login` is the phone form.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { IN_APP_UA } from '#tests/fixtures/accounts.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_landing' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const screen = (name: string) => `test-results/screens/landing-${name}-375x667.png`;
const CART_TOTAL = '**/api/spweb/cart/queryBuyerCartSkuTotal**';
const answer = (code: number, message: string) => ({
  json: { code, message, success: false, data: null },
});

/** What axe finds serious or critical on the page as it stands, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`),
    );
}

/** Every page the browser is sent to (redirects included), in order. */
function hopsOf(page: Page): URL[] {
  const hops: URL[] = [];
  page.context().on('request', (request) => {
    if (request.isNavigationRequest() && request.resourceType() === 'document') {
      hops.push(new URL(request.url()));
    }
  });
  return hops;
}

/** Opens a login page in the app and allows the sandbox consent: back there, logged in. */
async function signInInApp(page: Page): Promise<void> {
  await page.goto(`${shop.url}/order?shopId=1001`);
  await expect(page).toHaveURL(/\/sandbox\/weixin\/connect\/oauth2\/authorize\?.*snsapi_userinfo/);
  await page.getByRole('button', { name: '允许' }).click();
  await expect(page).toHaveURL(/\/order\?shopId=1001&rdt=1$/);
  await expect(page.locator('body')).toHaveAttribute('data-logged-in', 'true');
}

function expectOrderPage(page: Page) {
  const url = new URL(page.url());
  expect(url.pathname).toBe('/order');
  expect(url.searchParams.get('shopId')).toBe('1001');
  expect(url.searchParams.get('status')).toBe('20');
  expect(url.searchParams.get('rdt')).toBe('1');
}

test.describe('inside the messaging app', () => {
  test.use({ userAgent: IN_APP_UA });

  test('a 999999 answer lands on login through member auth, and login brings the shopper back', async ({
    page,
  }) => {
    await signInInApp(page);
    const hops = hopsOf(page);
    await page.route(CART_TOTAL, (route) => route.fulfill(answer(999999, '登录已失效')), {
      times: 1,
    });
    await page.goto(`${shop.url}/order?shopId=1001&status=20`);

    // Back on the page asked for, signed in again, marked as back from member auth.
    await expect(page).toHaveURL(/\/order\?.*rdt=1/);
    expectOrderPage(page);
    await expect(page.locator('body')).toHaveAttribute('data-logged-in', 'true');
    await expect(page.getByRole('heading', { name: '登录' })).toHaveCount(0);

    // The way: member auth, told to land on login, which knew the page to come back to.
    const auth = hops.filter((hop) => hop.pathname === '/api/member/auth');
    expect(auth).toHaveLength(1);
    const landing = new URL(auth[0]!.searchParams.get('backUrl')!, shop.url);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('shopId')).toBe('1001');
    expect(JSON.parse(landing.searchParams.get('referrer')!)).toEqual({
      name: 'order',
      query: { shopId: '1001', status: '20' },
    });
    const reached = hops.findIndex((hop) => hop.pathname === '/login');
    expect(reached).toBeGreaterThan(hops.indexOf(auth[0]!));
    expect(hops.at(-1)!.pathname).toBe('/order');
  });

  test('refused at the consent, login offers 微信授权登录 and 手机号登录; allowing comes back to the page', async ({
    page,
  }) => {
    // Where a 999999 answer on 我的订单 · 待发货 sends member auth, for a face the app does not
    // know yet: login starts member auth by itself, and the shopper refuses the consent.
    const hops = hopsOf(page);
    const referrer = JSON.stringify({ name: 'order', query: { shopId: '1001', status: '20' } });
    await page.goto(
      `${shop.url}/login?shopId=1001&referrer=${encodeURIComponent(referrer)}&refSpm=h5.order`,
    );
    await expect(page).toHaveURL(
      /\/sandbox\/weixin\/connect\/oauth2\/authorize\?.*snsapi_userinfo/,
    );
    await page.getByRole('button', { name: '拒绝' }).click();

    await expect(page).toHaveURL(/\/login\?.*rdt=1/);
    await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
    await expect(page.getByText('微信授权未完成，登录后可继续刚才的操作')).toBeVisible();
    await expect(page.locator('body')).toHaveAttribute('data-logged-in', 'false');
    // 手机号登录 comes back to the same page too.
    const phone = new URL(
      (await page.getByRole('link', { name: '手机号登录' }).getAttribute('href'))!,
      shop.url,
    );
    expect(phone.pathname).toBe('/phoneLogin');
    expect(JSON.parse(phone.searchParams.get('referrer')!)).toMatchObject({ name: 'order' });
    await expect(page.getByRole('link', { name: '《用户注册协议》' })).toBeVisible();
    await expect(page.getByRole('link', { name: '《隐私政策》' })).toBeVisible();
    await page.screenshot({ path: screen('in-app-refused') });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: '微信授权登录' }).click();
    await expect(page).toHaveURL(
      /\/sandbox\/weixin\/connect\/oauth2\/authorize\?.*snsapi_userinfo/,
    );
    await page.getByRole('button', { name: '允许' }).click();
    await expect(page).toHaveURL(/\/order\?.*rdt=1/);
    expectOrderPage(page);
    await expect(page.locator('body')).toHaveAttribute('data-logged-in', 'true');
    expect(hops.filter((hop) => hop.pathname === '/api/member/auth')).toHaveLength(2);
  });

  test('999998 just back from member auth lands on index, and index refused again stays', async ({
    page,
  }) => {
    await signInInApp(page);
    const hops = hopsOf(page);
    await page.route(CART_TOTAL, (route) => route.fulfill(answer(999998, '登录已失效')));
    await page.goto(`${shop.url}/order?shopId=1001&status=20&rdt=1`);

    await expect(page).toHaveURL(/\/index\?/);
    const auth = hops.filter((hop) => hop.pathname === '/api/member/auth');
    expect(auth).toHaveLength(1);
    const landing = new URL(auth[0]!.searchParams.get('backUrl')!, shop.url);
    expect(landing.pathname).toBe('/index');
    expect(landing.searchParams.get('rdt')).toBe('1');
    expect(hops.some((hop) => hop.pathname === '/login')).toBe(false);

    // Index answers 999998 as well: no second round to member auth.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/index');
    expect(hops.filter((hop) => hop.pathname === '/api/member/auth')).toHaveLength(1);
  });
});

test('in a plain browser login is the phone form, and goes back to the page once logged in', async ({
  page,
  context,
}) => {
  const referrer = JSON.stringify({ name: 'order', query: { shopId: '1001', status: '20' } });
  const at = `${shop.url}/login?shopId=1001&referrer=${encodeURIComponent(referrer)}`;
  await page.goto(at);
  await expect(page.getByRole('heading', { name: '手机号登录' })).toBeVisible();
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
  await expect(page.getByRole('link', { name: '微信授权登录' })).toHaveCount(0);
  await page.screenshot({ path: screen('browser') });

  await shop.signIn(context, 'consumer');
  await page.goto(at);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/order');
  expect(url.searchParams.get('status')).toBe('20');
  expect(url.searchParams.has('rdt')).toBe(false);
});
