/**
 * A sale of many products shows a page of them and 加载更多 (decision 045): scrolling down
 * appends the rest; without JavaScript the link opens the next page. (A shop of its own whose
 * catalogue is four times the demo's: the 森野 sale has 32 products.)
 */
import { expect, test, type PgShop } from './fixtures.ts';
import { multiplyProducts } from '#tests/fixtures/catalog-scale.ts';
import { seedHandles } from '#demo/handles.ts';

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_sale_pages' });

const SALE = seedHandles.shop1001.sales.senyeRunning.activityNo;
const BRAND = `/brand?activityNo=${SALE}&shopId=1001`;

let shop: PgShop;
test.beforeAll(async ({ pgShop }) => {
  shop = pgShop;
  await multiplyProducts(shop.admin.db, 4);
});

test('the brand page shows a page of the sale; scrolling down loads the rest', async ({ page }) => {
  const cards = page.locator('[data-load-more-list="sale-products"] > li');
  // The new products reach the server through its LISTEN within moments.
  await expect
    .poll(async () => {
      await page.goto(new URL(BRAND, shop.url).href);
      return page.getByRole('navigation', { name: '翻页' }).textContent();
    })
    .toContain('1 / 2');
  await expect(cards).toHaveCount(20);
  await page.getByRole('link', { name: '加载更多' }).scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(32);
  // The pager says where the list is, with no way further.
  const pager = page.getByRole('navigation', { name: '翻页' });
  await expect(pager).toContainText('2 / 2');
  await expect(pager.getByRole('link')).toHaveCount(0);
  const names = await cards.locator('.name').allTextContents();
  expect(names.every((name) => name.startsWith('森野'))).toBe(true);
});

test('without JavaScript the next page is a link', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(new URL(BRAND, shop.url).href);
  await page.getByRole('link', { name: '加载更多' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.locator('[data-load-more-list="sale-products"] > li')).toHaveCount(12);
  const pager = page.getByRole('navigation', { name: '翻页' });
  await expect(pager).toContainText('2 / 2');
  await expect(pager.getByRole('link', { name: '上一页' })).toBeVisible();
  await context.close();
});
