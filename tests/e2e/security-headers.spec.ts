/**
 * Every answer carries the security headers, and every page passes its Content-Security-Policy:
 * no script, style or picture it needs is refused, islands included (hardening issue, item 5).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

test.use({ shopDatabase: 'shop_e2e_headers' });

/** Records the policy violations of a page (an init script runs outside the page's policy). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      errors.push(message.text());
    }
  });
  return async () => [
    ...errors,
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
  ];
}

const OPEN_PAGES = [
  '/index?shopId=1001',
  '/brand?activityNo=A1001001&shopId=1001',
  '/productDetail?productNo=P10010001&shopId=1001',
  '/search?keyword=%E6%A3%AE%E9%87%8E&shopId=1001',
  '/img-search?shopId=1001',
  '/superbrand?shopId=1001',
  '/seckill-list?shopId=1001',
  '/top-list?shopId=1001',
  '/login_web?shopId=1001',
  '/phoneLogin?shopId=1001',
  '/register?shopId=1001',
  '/userPrivacyPolicy?shopId=1001',
  '/index?shopId=424242',
];

test('pages, calls and files carry the security headers; pages carry their policy', async ({
  pgShop,
}) => {
  const page = await fetch(`${pgShop.url}/productDetail?productNo=P10010001&shopId=1001`);
  const html = await page.text();
  const policy = page.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("default-src 'self'");
  // The shop's own scripts, Astro's hashed inline ones, and the messaging app's JS-SDK host.
  expect(policy).toMatch(
    /script-src 'self' https:\/\/res\.wx\.qq\.com( 'sha256-[A-Za-z0-9+/=]+')+/,
  );
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // Only this page's own inline scripts and styles are hashed: the header stays under 1 KB.
  expect(policy.length).toBeLessThan(1024);
  const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
  expect(script).toBeTruthy();

  for (const answer of [
    page,
    await fetch(`${pgShop.url}/api/health`),
    await fetch(`${pgShop.url}${script}`),
    await fetch(`${pgShop.url}/robots.txt`),
  ]) {
    expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff');
    expect(answer.headers.get('referrer-policy'), answer.url).toBe(
      'strict-origin-when-cross-origin',
    );
    expect(answer.headers.get('x-frame-options'), answer.url).toBe('DENY');
  }
});

test('open pages pass their policy, islands and all', async ({ page, pgShop }) => {
  const violations = await watchViolations(page);
  for (const path of OPEN_PAGES) {
    await page.goto(`${pgShop.url}${path}`);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
  // The product page's island hydrates under the policy: a visitor's tap asks to log in.
  await page.goto(`${pgShop.url}/productDetail?productNo=P10010001&shopId=1001`);
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByRole('heading', { name: '手机号登录' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a signed-in shopper’s pages pass their policy, the buying sheet too', async ({
  pageAs,
  pgShop,
}) => {
  const page = await pageAs('consumer');
  const violations = await watchViolations(page);
  for (const path of ['/my?shopId=1001', '/index?shopId=1001']) {
    await page.goto(`${pgShop.url}${path}`);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
  await page.goto(`${pgShop.url}/productDetail?productNo=P10010001&shopId=1001`);
  // Hydrated: the island's server-rendered marker is gone.
  await page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByRole('dialog', { name: '选择规格' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a manager’s pages pass their policy', async ({ pageAs, pgShop }) => {
  const page = await pageAs('manager1001');
  const violations = await watchViolations(page);
  for (const path of ['/my?shopId=1001', '/decoration?shopId=1001']) {
    await page.goto(`${pgShop.url}${path}`);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});

test('the browser refuses to show a page of the shop inside a frame', async ({ page, pgShop }) => {
  // Framed from the shop's own origin, so only the policy (not the same-origin rule) can stop it.
  await page.goto(`${pgShop.url}/robots.txt`);
  const framed = await page.evaluate(async (src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.append(frame);
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    return frame.contentDocument?.title ?? 'refused';
  }, `${pgShop.url}/index?shopId=1001`);
  expect(framed).toBe('refused');
});
