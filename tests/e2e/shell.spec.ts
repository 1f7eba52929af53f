/** The shell: links that keep the shop and the sharer, redirects, expired links, floating buttons. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { ROUTES, routePath } from '#lib/platform/routes.ts';

const run = promisify(execFile);

const SHARED = 'shopId=1001&distributorId=77&channel=3&shareChannel=131&spm=a1.b2';

async function internalLinks(page: import('@playwright/test').Page): Promise<URL[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return hrefs
    .filter((href) => href.startsWith('/') && !href.startsWith('/media/'))
    .map((href) => new URL(href, 'http://x'));
}

test.describe('links keep the shop and the sharer', () => {
  for (const path of ['/index', '/coupon-rules', '/faq']) {
    test(`every internal link on ${path} carries shopId, distributorId, channel, shareChannel and spm`, async ({
      page,
    }) => {
      await page.goto(`${path}?${SHARED}`);
      const links = await internalLinks(page);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        expect(Object.fromEntries(link.searchParams)).toMatchObject({
          shopId: '1001',
          distributorId: '77',
          channel: '3',
          shareChannel: '131',
          spm: 'a1.b2',
          refSpm: `h5.${path.slice(1)}`,
        });
      }
    });
  }

  test('distId=empty drops distributorId from every link', async ({ page }) => {
    await page.goto(`/index?${SHARED}&distId=empty`);
    const links = await internalLinks(page);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.searchParams.get('distributorId')).toBeNull();
      expect(link.searchParams.get('shopId')).toBe('1001');
    }
  });

  test('a link without a shop gets the remembered shop, then the default', async ({ page }) => {
    await page.goto('/faq?shopId=1002');
    await page.goto('/coupon-rules');
    expect(new URL(page.url()).searchParams.get('shopId')).toBe('1002');
    await page.context().clearCookies();
    await page.goto('/coupon-rules');
    expect(new URL(page.url()).searchParams.get('shopId')).toBe('1001');
  });
});

test.describe('redirects', () => {
  test('an unknown path goes to /index keeping the shop and the sharer', async ({ page }) => {
    await page.goto('/no/such/page?shopId=1002&distributorId=9');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/index');
    expect(url.searchParams.get('shopId')).toBe('1002');
    expect(url.searchParams.get('distributorId')).toBe('9');
    await expect(page).toHaveTitle('橙子好物');
  });

  test('the root goes to /index', async ({ page }) => {
    await page.goto('/?shopId=1001&distributorId=5');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/index');
    expect(url.searchParams.get('distributorId')).toBe('5');
  });

  test('arriving at the root from another page recovers the stored URL of the same shop', async ({
    page,
  }) => {
    // A login-required page stores where the visitor was going before sending them to log in.
    await page.goto('/order?shopId=1002&distributorId=8');
    expect(new URL(page.url()).pathname).toBe('/login_web');
    const fromPage = { referer: page.url() };
    const back = await page.request.get('/?shopId=1002', { headers: fromPage, maxRedirects: 0 });
    expect(back.headers().location).toBe('/order?shopId=1002&distributorId=8');
    // Used once.
    const again = await page.request.get('/?shopId=1002', { headers: fromPage, maxRedirects: 0 });
    expect(again.headers().location).toBe('/index?shopId=1002');
  });

  test('a stored URL of another shop is not followed, and the root without a referring page opens home', async ({
    page,
  }) => {
    await page.goto('/order?shopId=1002');
    const otherShop = await page.request.get('/?shopId=1001', {
      headers: { referer: page.url() },
      maxRedirects: 0,
    });
    expect(otherShop.headers().location).toBe('/index?shopId=1001');
    const direct = await page.request.get('/?shopId=1002', { maxRedirects: 0 });
    expect(direct.headers().location).toBe('/index?shopId=1002');
  });

  test('the shop notice consumes the stored URL: its link holds it', async ({ page }) => {
    await page.goto('/coupon-rules?shopId=1001&shopNotice=ON');
    await expect(page.getByRole('link', { name: '我知道了，进入店铺' })).toHaveAttribute(
      'href',
      '/coupon-rules?shopId=1001&shopNotice=OFF',
    );
    expect((await page.context().cookies()).find((c) => c.name === 'shop_return')).toBeUndefined();
  });

  test('a page answers only GET and HEAD', async ({ request }) => {
    const response = await request.post('/index?shopId=1001', { data: {} });
    expect(response.status()).toBe(405);
    expect(response.headers().allow).toBe('GET, HEAD');
  });

  test('kept-alive routes may be cached for back navigation; the others are always fresh', async ({
    request,
  }) => {
    expect((await request.get('/index?shopId=1001')).headers()['cache-control']).toBe(
      'private, no-cache',
    );
    expect((await request.get('/faq?shopId=1001')).headers()['cache-control']).toBe(
      'private, no-store',
    );
  });

  test('the messaging app query is stripped with a redirect', async ({ request }) => {
    const response = await request.get(
      '/index?shopId=1001&from=singlemessage&scene=1&subscene=2&clicktime=99&spm=s',
      {
        maxRedirects: 0,
      },
    );
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/index?shopId=1001&spm=s');
  });

  test('shopNotice=ON shows the shop notice first, then continues to the original page', async ({
    page,
  }) => {
    await page.goto('/coupon-rules?shopId=1001&shopNotice=ON');
    expect(new URL(page.url()).pathname).toBe('/insideTips');
    await expect(page.getByText('本店所有商品均为品牌正品')).toBeVisible();
    await page.getByRole('link', { name: '我知道了，进入店铺' }).click();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/coupon-rules');
    expect(url.searchParams.get('shopNotice')).toBe('OFF');
  });

  test('a login-required route sends a plain browser to login_web with the route and query', async ({
    request,
  }) => {
    const response = await request.get('/order?shopId=1001&distributorId=7', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const location = new URL(response.headers().location!, 'http://x');
    expect(location.pathname).toBe('/login_web');
    expect(JSON.parse(location.searchParams.get('referrer')!)).toEqual({
      name: 'order',
      query: { shopId: '1001', distributorId: '7' },
    });
  });

  test('register and applyForAdmin go to orderPosterEnv in a plain browser', async ({
    request,
  }) => {
    for (const [name, poster] of [
      ['register', '/orderPosterEnv?shopId=1001'],
      ['applyForAdmin', '/orderPosterEnv?shopId=1001&target=applyForAdmin'],
    ]) {
      const response = await request.get(`/${name}?shopId=1001`, { maxRedirects: 0 });
      expect(response.headers().location).toBe(poster);
    }
  });
});

test.describe('pages of the shell', () => {
  test('an unknown shop shows the link-expired page with the error number', async ({ page }) => {
    const response = await page.goto('/brandList?shopId=424242');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '链接已失效' })).toBeVisible();
    await expect(page.getByText('该链接无效，请联系店主获取新的链接。')).toBeVisible();
    await expect(page.getByText('错误码：404')).toBeVisible();
  });

  test('a route not built yet answers a page in the shell saying so, with status 404', async ({
    page,
  }) => {
    const response = await page.goto('/hailan?shopId=1001');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '品牌专场暂未开放' })).toBeVisible();
    // The page title is the shop's name (shell §1).
    await expect(page).toHaveTitle('小鹿优选');
  });

  for (const [path, title] of [
    ['/product404', '商品已下架'],
    ['/activity404', '活动已结束'],
    ['/businessVenue404', '会场已下线'],
  ] as const) {
    test(`${path} says ${title} and leads home`, async ({ page }) => {
      const response = await page.goto(`${path}?shopId=1001`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByRole('link', { name: '去首页逛逛' })).toHaveAttribute(
        'href',
        /^\/index\?shopId=1001/,
      );
    });
  }

  test('every route name of both specifications answers a page, never a 5xx or the unknown-path redirect', async ({
    request,
  }) => {
    for (const route of ROUTES) {
      const path = routePath(route, { id: '1', type: 'privacy' });
      const response = await request.get(`${path}?shopId=1001`, { maxRedirects: 0 });
      expect(response.status(), route.name).toBeLessThan(500);
      if (response.status() === 302) {
        expect(new URL(response.headers().location!, 'http://x').pathname, route.name).not.toBe(
          '/index',
        );
      }
    }
  });
});

test.describe('freshness and back navigation', () => {
  test('a newer build reloads the page with a timestamp, except from a QR code', async ({
    page,
  }) => {
    await page.goto('/faq?shopId=1001');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('shop:version')))
      .not.toBeNull();
    await page.evaluate(() => localStorage.setItem('shop:version', 'an-older-build'));
    await page.goto('/faq?shopId=1001&from=qrcode');
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).searchParams.get('_t')).toBeNull();
    await page.evaluate(() => {
      localStorage.setItem('shop:version', 'an-older-build');
      // The check runs at most once a minute per session; start a new minute.
      sessionStorage.removeItem('shop:versionCheckedAt');
    });
    await page.goto('/faq?shopId=1001');
    await expect(page).toHaveURL(/[?&]_t=\d+/);
  });

  test('a kept-alive page comes back from the back-forward cache as it was left', async ({
    baseURL,
  }) => {
    const { stdout } = await run(process.execPath, [
      path.resolve(import.meta.dirname, 'helpers/bfcache-check.ts'),
      baseURL!,
    ]);
    // The same document, with what the page held in memory: nothing was reloaded.
    expect(JSON.parse(stdout)).toEqual({ path: '/index', marker: 42 });
  });
});

test.describe('floating buttons', () => {
  test('on home: the cart, no home button, and the top button only beyond two screens', async ({
    page,
  }) => {
    await page.goto('/index?shopId=1001');
    await expect(page.locator('[data-float-cart]')).toBeVisible();
    await expect(page.locator('[data-float-home]')).toHaveCount(0);
    await expect(page.locator('[data-shell-back]')).toHaveCount(0);
    const top = page.locator('[data-float-top]');
    await expect(top).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2 + 200));
    await expect(top).toBeVisible();
    await top.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(top).toBeHidden();
  });

  test('elsewhere: home but no cart, and the back icon once there is history', async ({ page }) => {
    await page.goto('/index?shopId=1001');
    await page.goto('/faq?shopId=1001');
    await expect(page.locator('[data-float-home]')).toBeVisible();
    await expect(page.locator('[data-float-cart]')).toHaveCount(0);
    const back = page.locator('[data-shell-back]');
    await expect(back).toBeVisible();
    // Fixed near the top-left corner, whatever the page's length.
    expect(await back.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect((await back.boundingBox())!.x).toBe(15);
    await back.click();
    await expect(page).toHaveURL(/\/index\?shopId=1001/);
  });

  test('none on product detail and login pages', async ({ page }) => {
    for (const path of ['/productDetail', '/login_web']) {
      await page.goto(`${path}?shopId=1001`);
      await expect(page.locator('[data-shell-float]')).toHaveCount(0);
    }
  });

  test('the group can be dragged, but not past 15 px from the side or 55 px from the bottom', async ({
    page,
  }) => {
    await page.goto('/faq?shopId=1001');
    const group = page.locator('[data-shell-float]');
    const box = (await group.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(-200, 2000, { steps: 5 });
    await page.mouse.up();
    const after = (await group.boundingBox())!;
    expect(after.x).toBe(15);
    expect(667 - (after.y + after.height)).toBe(55);
  });
});

test('robots.txt names the sitemap, which lists each shop and its pages', async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain(`${baseURL}/sitemap.xml?shopId=1001`);
  const shop = await request.get('/sitemap.xml?shopId=1001');
  expect(shop.headers()['content-type']).toContain('application/xml');
  expect(await shop.text()).toContain(`<loc>${baseURL}/index?shopId=1001</loc>`);
  expect((await request.get('/sitemap.xml?shopId=424242')).status()).toBe(404);
});
