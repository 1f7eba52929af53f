/**
 * Running the shop's look (issue #15 items 2 and 6), as the demo manager of 1001 would on a
 * phone: change the skin (换肤成功, the tip counting down on the next page, the new colours on
 * home and the product page), shop 1002's blue skin without red accents, a feature switch that
 * takes an entrance away, a system alert every visitor sees, and a consumer refused both pages.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_skin', viewport: { width: 375, height: 667 } });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const at = (shopId: string, path: string) =>
  `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${shopId}`;
const screen = (name: string) => `test-results/screens/skin-${name}-375x667.png`;

const RED = 'rgb(207, 42, 47)';
const BLUE = 'rgb(47, 111, 222)';

const css = (element: Locator, property: string) =>
  element.first().evaluate((node, name) => getComputedStyle(node).getPropertyValue(name), property);

/** Another phone: a visitor, or signed in as `who`. */
async function phone(browser: Browser, who?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
  });
  if (who) await shop.signIn(context, who);
  return context.newPage();
}

/**
 * Every reddish colour the page paints outside pictures: text, backgrounds, borders and
 * gradients of the elements shown.
 */
function redsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const reddish = (r: number, g: number, b: number) => {
      const [x, y, z] = [r / 255, g / 255, b / 255];
      const max = Math.max(x, y, z);
      const d = max - Math.min(x, y, z);
      if (d < 0.25) return false;
      const h =
        ((max === x ? ((y - z) / d) % 6 : max === y ? (z - x) / d + 2 : (x - y) / d + 4) * 60 +
          360) %
        360;
      return h < 30 || h > 335;
    };
    const found = new Set<string>();
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.closest('img, svg image') || element.getClientRects().length === 0) continue;
      const css = getComputedStyle(element);
      if (css.visibility === 'hidden') continue;
      const painted = [
        css.color,
        css.backgroundColor,
        css.borderTopColor,
        css.borderBottomColor,
        css.backgroundImage,
      ].join(' ');
      for (const [text, r, g, b] of painted.matchAll(/rgba?\((\d+), (\d+), (\d+)/g)) {
        if (reddish(Number(r), Number(g), Number(b))) {
          found.add(`${element.tagName.toLowerCase()}.${element.className} ${text})`);
        }
      }
    }
    return [...found];
  });
}

test('shop 1002’s blue skin leaves no red accent on home, the product page, my page or the cart', async ({
  browser,
}) => {
  const page = await phone(browser, demoPhones.consumer);
  await page.goto(at('1002', '/index'));
  await expect(page.locator('[data-tab="index"]')).toHaveCSS('color', BLUE);
  expect(await redsOn(page)).toEqual([]);
  const product = await page.locator('a[href*="/productDetail?"]').first().getAttribute('href');
  await page.goto(`${shop.url}${product}`);
  await expect(page.getByRole('button', { name: '立即购买' })).toHaveCSS('background-color', BLUE);
  expect(await redsOn(page)).toEqual([]);
  for (const path of ['/my', '/cart']) {
    await page.goto(at('1002', path));
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    expect(await redsOn(page), path).toEqual([]);
  }
  await page.context().close();
});

test('the manager changes the skin: 换肤成功, the tip counts down on the next page, and home and the product page take the new colours', async ({
  pageAs,
}) => {
  const page = await pageAs('manager1001');
  await page.goto(at('1001', '/index'));
  await expect(page.locator('[data-tab="index"]')).toHaveCSS('color', RED);
  const product = await page.locator('a[href*="/productDetail?"]').first().getAttribute('href');

  await page.goto(at('1001', '/skin'));
  await expect(page.getByRole('heading', { level: 1, name: '店铺皮肤' })).toBeVisible();
  const choices = page.getByRole('list', { name: '皮肤列表' }).getByRole('link');
  await expect(choices.first()).toContainText('经典红');
  await expect(choices.first()).toContainText('使用中');
  await expect(page.getByRole('button', { name: '使用中' })).toBeDisabled();

  await choices.filter({ hasText: '海洋蓝' }).click();
  const detail = page.getByRole('region', { name: '海洋蓝' });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('img', { name: '海洋蓝首页预览' })).toBeVisible();
  await expect(detail.locator('.mock-buttons .main')).toHaveCSS('background-color', BLUE);
  await expect(page).toHaveURL(/skinId=/);
  await page.screenshot({ path: screen('detail') });
  await detail.getByRole('button', { name: '使用' }).click();
  await expect(page.getByText('换肤成功')).toBeVisible();

  // The page comes back in the new skin, which now leads the list, in use.
  const tip = page.locator('[data-skin-tip]');
  await expect(tip).toBeVisible();
  await expect(choices.first()).toContainText('海洋蓝');
  await expect(choices.first()).toContainText('使用中');
  await expect(
    page.getByRole('region', { name: '海洋蓝' }).getByRole('button', { name: '使用中' }),
  ).toBeDisabled();
  await expect(tip).toContainText('「海洋蓝」');
  await expect(tip.getByRole('link')).toHaveAttribute('href', /\/decoration\?/);

  // The next page: the tip goes on counting down; the tab bar, prices and banner accents are blue.
  await page.goto(at('1001', '/index'));
  await expect(tip).toBeVisible();
  const shown = Number((await tip.locator('[data-skin-countdown]').innerText()).replace('s', ''));
  expect(shown).toBeGreaterThan(1);
  expect(shown).toBeLessThanOrEqual(12);
  await expect(tip.locator('[data-skin-countdown]')).toHaveText(`${shown - 1}s`);
  await page.screenshot({ path: screen('home-blue') });
  await expect(page.locator('[data-tab="index"]')).toHaveCSS('color', BLUE);
  // A price, the sale tabs' pill and a sale banner's end time.
  expect(await css(page.locator('main strong').filter({ hasText: /^¥\d/ }), 'color')).toBe(BLUE);
  await expect(
    page.getByRole('navigation', { name: '特卖分类' }).locator('[aria-current="true"]'),
  ).toHaveCSS('background-color', BLUE);
  expect(await css(page.locator('main time').filter({ hasText: '结束' }), 'color')).toBe(BLUE);

  await page.goto(`${shop.url}${product}`);
  await expect(page.getByRole('button', { name: '立即购买' })).toHaveCSS('background-color', BLUE);
  expect(await css(page.locator('.price-block'), 'background-image')).toContain(BLUE);
  expect(await redsOn(page)).toEqual([]);
  await page.screenshot({ path: screen('product-blue') });

  // Closing the tip ends it: the next page does not show it again.
  await tip.getByRole('button', { name: '关闭' }).click();
  await expect(tip).toBeHidden();
  await page.goto(at('1001', '/my'));
  await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
  await expect(tip).toBeHidden();
});

test('a feature switch turned off takes its entrance away from every shopper, and back on brings it back', async ({
  pageAs,
  browser,
}) => {
  const visitor = await phone(browser);
  await visitor.goto(at('1001', '/search'));
  await expect(visitor.getByRole('link', { name: '拍照搜同款' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: '热门搜索' })).toBeVisible();

  const page = await pageAs('manager1001');
  await page.goto(at('1001', '/feature-setting'));
  await expect(page.getByRole('heading', { level: 1, name: '功能设置' })).toBeVisible();
  const imageSearch = page.getByRole('switch', { name: '拍照搜同款' });
  await expect(imageSearch).toBeChecked();
  await page.screenshot({ path: screen('feature-setting') });
  await imageSearch.click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(imageSearch).not.toBeChecked();

  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: '热门搜索' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: '拍照搜同款' })).toHaveCount(0);
  const status = await (
    await fetch(`${shop.url}/api/shop/feature/entranceStatus?shopBizCode=1001`)
  ).json();
  expect(status.code).toBe(0);
  expect(status.data).toContainEqual({ code: '1004', enableStatus: 0 });
  expect(status.data).toContainEqual({ code: '1007', enableStatus: 1 });
  // Shop 1002 keeps its own switch.
  await visitor.goto(at('1002', '/search'));
  await expect(visitor.getByRole('link', { name: '拍照搜同款' })).toBeVisible();

  await page.reload();
  await expect(imageSearch).not.toBeChecked();
  await imageSearch.click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await visitor.goto(at('1001', '/search'));
  await expect(visitor.getByRole('link', { name: '拍照搜同款' })).toBeVisible();
  await visitor.context().close();
});

test('a system alert the manager sets shows its dialog to a visitor of the shop, and a bad one is refused', async ({
  pageAs,
  browser,
}) => {
  const page = await pageAs('manager1001');
  await page.goto(at('1001', '/feature-setting'));
  const form = page.locator('form[data-config-key="sysAlert"]');
  await expect(form.getByText('平台默认', { exact: true })).toBeVisible();
  await form.getByRole('checkbox', { name: '打开任一页面时弹出公告' }).check();
  await form.getByRole('textbox', { name: '标题' }).fill('');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('系统公告弹窗：开启系统公告时请填写标题和内容')).toBeVisible();
  await expect(form.getByText('平台默认', { exact: true })).toBeVisible();

  await form.getByRole('textbox', { name: '标题' }).fill('店铺公告');
  await form.getByRole('textbox', { name: '内容' }).fill('春节期间照常发货，顺丰包邮。');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(form.getByText('本店设置', { exact: true })).toBeVisible();

  const visitor = await phone(browser);
  await visitor.goto(at('1001', '/index'));
  const alert = visitor.getByRole('dialog', { name: '店铺公告' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('春节期间照常发货，顺丰包邮。');
  await visitor.screenshot({ path: screen('sys-alert') });
  await alert.getByRole('button', { name: '我知道了' }).click();
  await expect(alert).toBeHidden();
  const map = await (await fetch(`${shop.url}/api/front/conf/map?shopBizCode=1001`)).json();
  expect(map.data.sysAlert).toEqual({
    isOpen: true,
    title: '店铺公告',
    msg: '春节期间照常发货，顺丰包邮。',
  });
  // Another shop keeps the platform's map: no alert.
  await visitor.goto(at('1002', '/index'));
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByRole('dialog', { name: '店铺公告' })).toHaveCount(0);

  // Given back to the platform, the alert is gone.
  await page.reload();
  await form.getByRole('button', { name: '恢复平台默认' }).click();
  await expect(form.getByText('平台默认', { exact: true })).toBeVisible();
  await visitor.goto(at('1001', '/index'));
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByRole('dialog', { name: '店铺公告' })).toHaveCount(0);
  await visitor.context().close();
});

test('a consumer is refused the skin and feature-setting pages and their calls', async ({
  pageAs,
}) => {
  const page = await pageAs('consumer');
  for (const path of ['/skin', '/feature-setting']) {
    const response = await page.goto(at('1001', path));
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { name: '没有权限访问' })).toBeVisible();
  }
  const answer = await page.evaluate(async () => {
    const send = async (path: string, method: string, body?: unknown) => {
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return ((await response.json()) as { code: number }).code;
    };
    return [
      await send('/api/shop/decoration/saveSelectedSkin/1?shopBizCode=1001', 'POST', {}),
      await send('/api/shop/feature/1004?shopBizCode=1001', 'POST', { enableStatus: 0 }),
      await send('/api/front/conf/shop/sysAlert?shopBizCode=1001', 'POST', {
        value: { isOpen: true, title: '假公告', msg: '点此领奖' },
      }),
      await send('/api/front/conf/shop/sysAlert?shopBizCode=1001', 'DELETE'),
    ];
  });
  expect(answer).toEqual([40301, 40301, 40301, 40301]);
});
