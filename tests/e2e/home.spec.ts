/**
 * The home page's brand sales load more as the shopper scrolls, and the plain link to the next
 * page keeps working without JavaScript. Runs on the shared server (shop 1001 demo data).
 */
import { expect, test } from '@playwright/test';

const HOME = '/index?shopId=1001&distributorId=77';

test('scrolling to the end of the sales appends the next page in place', async ({ page }) => {
  await page.goto(HOME);
  const sales = page.locator('[data-load-more-list="sales"] > li');
  await expect(sales).toHaveCount(6);
  // Text content: cards off screen are not laid out (content-visibility), so they have no inner text yet.
  const firstPage = await sales.locator('strong').allTextContents();

  await page.locator('[data-load-more-pager="sales"]').scrollIntoViewIfNeeded();
  await expect.poll(() => sales.count()).toBeGreaterThan(6);
  const all = await sales.locator('strong').allTextContents();
  expect(all.slice(0, 6)).toEqual(firstPage);
  expect(new Set(all).size).toBe(all.length);
  // The address is still the first page; the appended links keep the shop and the sharer.
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();
  for (const href of await sales
    .locator('a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!))) {
    expect(href).toContain('shopId=1001');
    expect(href).toContain('distributorId=77');
  }
  // On the last page nothing is left to load and there is no way back to earlier pages' links.
  await expect(page.locator('[data-load-more]')).toHaveCount(0);
  await expect(page.locator('[data-load-more-pager="sales"] a')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the 加载更多 link opens the next page', async ({ page }) => {
    await page.goto(HOME);
    await page.getByRole('link', { name: '加载更多' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.locator('[data-load-more-list="sales"] > li').first()).toBeVisible();
    await expect(page.getByRole('link', { name: '上一页' })).toBeVisible();
  });
});
