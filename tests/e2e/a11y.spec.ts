/**
 * Accessibility (issue #28): axe-core on the pages Lighthouse and the bench found wanting (index,
 * product, cart, confirmationOrder, the cashier, order, coupon centre, a live room), as a visitor
 * where the page is open to one and as the demo consumer, with the demo data. No serious or critical violation: colour contrast, links
 * and controls named by what they show, permitted ARIA only.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_a11y' });

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

test('index, the product page, the coupon centre and a live room as a visitor', async ({
  page,
  pgShop,
}) => {
  for (const path of [
    '/index?',
    '/productDetail?productNo=P10010001&',
    '/coupon-center?',
    '/living?liveNo=L1001001&',
  ]) {
    await page.goto(`${pgShop.url}${path}shopId=1001`);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('index, product, cart, order, coupon centre, confirmationOrder and the cashier as the demo consumer', async ({
  pageAs,
  pgShop,
}) => {
  test.setTimeout(90_000);
  const page = await pageAs('consumer');
  for (const path of [
    '/index?',
    '/productDetail?productNo=P10010001&',
    '/cart?',
    '/order?',
    '/coupon-center?',
  ]) {
    await page.goto(`${pgShop.url}${path}shopId=1001`);
    // Home's popups (the red envelopes) are a layer of their own: the page under them is checked.
    if (path === '/index?') await page.keyboard.press('Escape');
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.goto(`${pgShop.url}/cart?shopId=1001`);
  await page.getByRole('button', { name: /去结算/ }).click();
  await expect(page).toHaveURL(/\/confirmationOrder\?/);
  await expect(page.getByRole('button', { name: /提交订单/ })).toBeVisible();
  expect(await seriousViolations(page), '/confirmationOrder').toEqual([]);
  await page.getByRole('button', { name: /提交订单/ }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByRole('button', { name: /确认支付/ })).toBeVisible();
  expect(await seriousViolations(page), '/checkout').toEqual([]);
});
