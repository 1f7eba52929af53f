/**
 * Run as a plain script (outside the test runner, which turns the back-forward cache off in the
 * browsers it launches): opens the home page, leaves it, comes back, and prints whether the very
 * same document came back from the cache. Usage: node bfcache-check.ts <shop url>
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../fixtures/chromium.ts';

const base = process.argv[2]!;
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
  ignoreDefaultArgs: ['--disable-back-forward-cache'],
});
try {
  const page = await browser.newPage();
  await page.goto(`${base}/index?shopId=1001`);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.locator('[data-tab="order"]').click();
  await page.waitForURL(/login_web/);
  // Restored from the cache there is no load event to wait for.
  await page.goBack({ waitUntil: 'commit' });
  await page.waitForFunction(() => location.pathname === '/index');
  await page.waitForTimeout(300);
  const result = await page.evaluate(() => ({
    path: location.pathname,
    marker: (window as unknown as { marker?: number }).marker ?? null,
  }));
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
}
