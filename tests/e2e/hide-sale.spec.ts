/**
 * 隐藏的品牌 as the demo manager uses it: hiding a running sale takes it off the home page, the
 * search and /sitemap.xml for every visitor; 取消隐藏 brings it back. A consumer and the owner of
 * shop 1002 are refused the page and the black list calls.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { seedHandles } from '#demo/handles.ts';
import { SaleStatus } from '#lib/catalog/status.ts';

const SHOP = '1001';
/** A running sale on the first page of the home page's 品牌特卖. */
const SALE = seedHandles.shop1001.sales.shiguangRunning;
const PRODUCT = SALE.products[0]!;

let shop: PgShop;
test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_hide_sale' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });

const saleStatus = async () =>
  (
    await shop.admin.db
      .select({ status: t.activities.status })
      .from(t.activities)
      .where(eq(t.activities.activityNo, SALE.activityNo))
  )[0]!.status;

/** What a visitor (not signed in) finds of the sale on home, in search and in the sitemap. */
async function visitorSees(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${shop.url}/index?shopId=${SHOP}`);
    const home = await page.locator(`.sales a[href*="activityNo=${SALE.activityNo}"]`).count();
    await page.goto(
      `${shop.url}/search?shopId=${SHOP}&keyword=${encodeURIComponent(PRODUCT.name)}`,
    );
    const search = await page
      .locator(`[data-search] a[href*="productNo=${PRODUCT.productNo}"]`)
      .count();
    const sitemap = await (
      await context.request.get(`${shop.url}/sitemap.xml?shopId=${SHOP}`)
    ).text();
    expect(sitemap).toContain('<urlset');
    return {
      home: home > 0,
      search: search > 0,
      sitemapSale: sitemap.includes(SALE.activityNo),
      sitemapProduct: sitemap.includes(PRODUCT.productNo),
    };
  } finally {
    await context.close();
  }
}
const everywhere = { home: true, search: true, sitemapSale: true, sitemapProduct: true };
const nowhere = { home: false, search: false, sitemapSale: false, sitemapProduct: false };

test('hiding a sale takes it off home, search and the sitemap; undoing brings it back', async ({
  browser,
  pageAs,
}) => {
  test.setTimeout(120_000);
  expect(await visitorSees(browser)).toEqual(everywhere);

  const page = await pageAs('manager1001');
  await page.goto(`${shop.url}/hideProduct?shopId=${SHOP}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐藏的品牌');
  await expect(page.locator('[data-hidden-count]')).toHaveText('0');
  await expect(page.getByText('暂无隐藏的活动')).toBeVisible();
  const row = page.locator(`[data-hideable-list] [data-sale="${SALE.activityNo}"]`);
  const title = (await row.getByRole('heading').innerText()).trim();
  await row.scrollIntoViewIfNeeded();
  await islandsReady(page);
  await row.getByRole('button', { name: `隐藏：${title}` }).click();
  const dialog = page.getByRole('dialog', { name: '隐藏活动' });
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: '确认隐藏' }).click();

  await expect(page.locator('[data-hidden-count]')).toHaveText('1');
  const hidden = page.locator(`[data-hidden-list] [data-hidden="${SALE.activityNo}"]`);
  await expect(hidden).toContainText(title);
  await expect(hidden).toContainText('隐藏于');
  await expect(page.locator(`[data-hideable-list] [data-sale="${SALE.activityNo}"]`)).toHaveCount(
    0,
  );
  expect(await saleStatus()).toBe(SaleStatus.Hidden);
  expect(await visitorSees(browser)).toEqual(nowhere);
  // The brand page and the product page are gone too.
  const gone = await page.request.get(
    `${shop.url}/brand?activityNo=${SALE.activityNo}&shopId=${SHOP}`,
  );
  expect(gone.status()).toBe(404);

  // The count call agrees; hiding again answers the same row.
  const api = (path: string) => `${shop.url}${path}?shopBizCode=${SHOP}`;
  expect(
    await (await page.request.get(api(`/api/commodity/blacklist/size/${SHOP}`))).json(),
  ).toMatchObject({ code: 0, data: 1 });
  const again = await page.request.post(
    api(`/api/commodity/blacklist/hide/${SHOP}/${SALE.activityNo}`),
    { data: {} },
  );
  expect(await again.json()).toMatchObject({
    code: 0,
    data: { activityNo: SALE.activityNo, hidden: true },
  });

  await islandsReady(page);
  await hidden.getByRole('button', { name: `取消隐藏：${title}` }).click();
  await expect(page.locator('[data-hidden-count]')).toHaveText('0');
  await expect(page.locator(`[data-hideable-list] [data-sale="${SALE.activityNo}"]`)).toBeVisible();
  expect(await saleStatus()).toBe(SaleStatus.Published);
  expect(await visitorSees(browser)).toEqual(everywhere);
});

test('a consumer and the owner of shop 1002 are refused the page and the black list calls', async ({
  pageAs,
}) => {
  const [entry] = await shop.admin.db.select({ id: t.saleBlacklist.id }).from(t.saleBlacklist);
  for (const who of ['consumer', 'owner1002'] as const) {
    const page = await pageAs(who);
    const response = await page.goto(`${shop.url}/hideProduct?shopId=${SHOP}`);
    expect(response!.status(), who).toBe(403);
    const api = (path: string) => `${shop.url}${path}?shopBizCode=${SHOP}`;
    const answers = [
      await page.request.post(api(`/api/commodity/blacklist/hide/${SHOP}/${SALE.activityNo}`), {
        data: {},
      }),
      await page.request.post(api(`/api/commodity/blacklist/undoHide/${SHOP}/${entry!.id}`), {
        data: {},
      }),
      await page.request.get(api(`/api/commodity/blacklist/pageFrom/${SHOP}`)),
      await page.request.get(api(`/api/commodity/blacklist/size/${SHOP}`)),
    ];
    for (const answer of answers) expect(await answer.json(), who).toMatchObject({ code: 40301 });
    await page.context().clearCookies();
  }
  expect(await saleStatus()).toBe(SaleStatus.Published);
});

test("the manager of one shop cannot hide another shop's sale through the path", async ({
  pageAs,
}) => {
  const page = await pageAs('manager1001');
  const other = seedHandles.shop1002.sales.hemuRunning.activityNo;
  const own = await page.request.post(
    `${shop.url}/api/commodity/blacklist/hide/${SHOP}/${other}?shopBizCode=${SHOP}`,
    { data: {} },
  );
  expect(await own.json()).toMatchObject({ code: 49721, message: '活动不存在或不属于本店' });
  // The shop in the path must be the one the role was checked in.
  const crossed = await page.request.post(
    `${shop.url}/api/commodity/blacklist/hide/1002/${other}?shopBizCode=${SHOP}`,
    { data: {} },
  );
  expect(await crossed.json()).toMatchObject({ code: 40301 });
  const [row] = await shop.admin.db
    .select({ status: t.activities.status })
    .from(t.activities)
    .where(eq(t.activities.activityNo, other));
  expect(row!.status).toBe(SaleStatus.Published);
});
