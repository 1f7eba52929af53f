/**
 * Search: a shopper finds a product by a word of its name and opens it; an empty result suggests
 * something; recent searches keep the latest 3 per shop; every link keeps the shop and the sharer.
 * Runs on the shared server (shop 1001 demo data); no login needed.
 */
import { expect, test, type Page } from '@playwright/test';
import { seedHandles } from '#demo/handles.ts';

const { shop1001 } = seedHandles;

const SHARED = 'shopId=1001&distributorId=77&channel=3&shareChannel=131&spm=a1.b2';

async function internalLinks(page: Page): Promise<URL[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return hrefs
    .filter((href) => href.startsWith('/') && !href.startsWith('/media/'))
    .map((href) => new URL(href, 'http://x'));
}

async function searchFor(page: Page, keyword: string): Promise<void> {
  await page.getByRole('searchbox', { name: '搜索商品或品牌' }).fill(keyword);
  await page.getByRole('searchbox', { name: '搜索商品或品牌' }).press('Enter');
  await page.waitForURL((url) => url.searchParams.get('keyword') === keyword);
}

const prices = (page: Page) =>
  page
    .locator('[data-results] .prices strong')
    .allInnerTexts()
    .then((texts) => texts.map((text) => Number(text.replace('¥', ''))));

test('search finds a product by a word of its name and its link opens the product', async ({
  page,
}) => {
  await page.goto('/search?shopId=1001&distributorId=77');
  await expect(page).toHaveTitle('小鹿优选');
  const box = page.getByRole('searchbox', { name: '搜索商品或品牌' });
  await expect(box).toHaveAttribute('placeholder', '冲锋衣');
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

  await searchFor(page, '冲锋衣');
  const url = new URL(page.url());
  expect(url.pathname).toBe('/search');
  expect(url.searchParams.get('shopId')).toBe('1001');
  expect(url.searchParams.get('distributorId')).toBe('77');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  await expect(box).toHaveValue('冲锋衣');
  await page.screenshot({ path: 'test-results/screens/search-result-375x667.png' });

  await page.getByRole('link', { name: /轻量防风冲锋衣/ }).click();
  await expect(page).toHaveURL(
    new RegExp(`/productDetail\\?productNo=${shop1001.sales.senyeRunning.products[0]!.productNo}&`),
  );
  expect(new URL(page.url()).searchParams.get('distributorId')).toBe('77');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('森野 轻量防风冲锋衣');
});

test('an empty search box searches for the hot key it shows', async ({ page }) => {
  await page.goto('/search?shopId=1001');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByRole('link', { name: /轻量防风冲锋衣/ })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: '搜索商品或品牌' })).toHaveValue('冲锋衣');
});

test('a brand name shows the brand on top, and results sort and page', async ({ page }) => {
  await page.goto('/search?shopId=1001&keyword=森野');
  const brand = page.getByRole('region', { name: '相关品牌' }).getByRole('link');
  await expect(brand).toHaveText(/森野 SENYE/);
  expect(new URL((await brand.getAttribute('href'))!, 'http://x').pathname).toBe('/brand');

  await page.getByRole('link', { name: '价格↑' }).click();
  await expect(page.getByRole('link', { name: '价格↑' })).toHaveAttribute('aria-current', 'true');
  const ascending = await prices(page);
  expect(ascending.length).toBe(8);
  expect(ascending).toEqual(ascending.toSorted((a, b) => a - b));

  // 的 is in most brand stories, the products' subtitles: more than one page.
  await page.goto('/search?shopId=1001&keyword=的');
  const total = Number(await page.locator('[data-total]').getAttribute('data-total'));
  expect(total).toBeGreaterThan(20);
  const first = await page.locator('[data-results] .name').allInnerTexts();
  expect(first).toHaveLength(20);
  await expect(page.getByRole('link', { name: '上一页' })).toHaveCount(0);
  await page.getByRole('link', { name: '下一页' }).click();
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  const second = await page.locator('[data-results] .name').allInnerTexts();
  expect(second.length).toBe(Math.min(20, total - 20));
  expect(second.filter((name) => first.includes(name))).toEqual([]);
  await expect(page.getByRole('link', { name: '上一页' })).toBeVisible();
});

test('no result shows the empty state with suggestions', async ({ page }) => {
  await page.goto('/search?shopId=1001&keyword=火星土豆');
  const empty = page.locator('[data-empty]');
  await expect(empty.getByRole('heading')).toHaveText('没有找到“火星土豆”相关的商品');
  await expect(page.locator('[data-results]')).toHaveCount(0);
  const brandList = empty.getByRole('link', { name: '逛逛品牌特卖' });
  expect(new URL((await brandList.getAttribute('href'))!, 'http://x').pathname).toBe('/brandList');
  await empty.getByRole('link', { name: '跑鞋' }).click();
  await expect(page.getByRole('link', { name: /缓震竞速跑鞋/ })).toBeVisible();
});

test('recent searches keep the latest 3, newest first, per shop', async ({ page }) => {
  await page.goto('/search?shopId=1001');
  const recent = page.locator('[data-recent]');
  await expect(recent).toBeHidden();
  for (const keyword of ['冲锋衣', '跑鞋', '精华', '四件套', '跑鞋']) {
    await searchFor(page, keyword);
  }
  await page.goto('/search?shopId=1001');
  await expect(recent).toBeVisible();
  await expect(recent.getByRole('link')).toHaveText(['跑鞋', '四件套', '精华']);
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('shop:1001:recentSearches')!)),
  ).toEqual(['跑鞋', '四件套', '精华']);

  await recent.getByRole('link', { name: '精华' }).click();
  await expect(page.getByRole('link', { name: /玻尿酸保湿精华/ })).toBeVisible();

  // Another shop has its own list.
  await page.goto('/search?shopId=1002');
  await expect(page.locator('[data-recent]')).toBeHidden();
  await page.goto('/search?shopId=1001');
  await expect(page.locator('[data-recent]').getByRole('link')).toHaveText([
    '精华',
    '跑鞋',
    '四件套',
  ]);
  await page.getByRole('button', { name: '清除' }).click();
  await expect(page.locator('[data-recent]')).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('shop:1001:recentSearches'))).toBeNull();
});

test('links on the page and the form carry shopId, distributorId, channel, shareChannel and spm', async ({
  page,
}) => {
  const carried = {
    shopId: '1001',
    distributorId: '77',
    channel: '3',
    shareChannel: '131',
    spm: 'a1.b2',
  };
  for (const path of [`/search?keyword=鞋&${SHARED}`, `/search?keyword=火星土豆&${SHARED}`]) {
    await page.goto(path);
    const links = await internalLinks(page);
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      expect(Object.fromEntries(link.searchParams)).toMatchObject({
        ...carried,
        refSpm: 'h5.search',
      });
    }
  }
  // The home page: hot keys and the recent searches the script draws.
  await page.goto(`/search?${SHARED}`);
  await expect(page.locator('[data-recent]').getByRole('link')).toHaveText(['火星土豆', '鞋']);
  for (const link of await internalLinks(page)) {
    expect(Object.fromEntries(link.searchParams)).toMatchObject(carried);
  }
  await searchFor(page, '跑鞋');
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
    ...carried,
    keyword: '跑鞋',
  });
});

test('the hot keys and search endpoints answer the envelope', async ({ request }) => {
  const hot = await request.get('/api/commodity/product/search/hot/keys/1001');
  expect(hot.status()).toBe(200);
  const body = await hot.json();
  expect(body).toMatchObject({ code: 0, success: true });
  expect(body.data[0]).toEqual({ hotName: '冲锋衣', type: 5 });
  expect(body.data).toHaveLength(6);

  const unknown = await (await request.get('/api/commodity/product/search/hot/keys/424242')).json();
  expect(unknown).toMatchObject({ code: 0, data: [] });
  const bad = await request.get('/api/commodity/product/search/hot/keys/a%20b');
  expect(bad.status()).toBe(400);
  expect((await bad.json()).success).toBe(false);

  const found = await request.get(
    `/api/commodity/product/search?shopBizCode=1001&keyword=${encodeURIComponent('冲锋衣')}`,
  );
  expect((await found.json()).data).toMatchObject({
    total: 1,
    items: [{ productNo: shop1001.sales.senyeRunning.products[0]!.productNo }],
    pageNum: 1,
  });
  const tooMany = await request.get(
    `/api/commodity/product/search?shopBizCode=1001&keyword=a&pageSize=51`,
  );
  expect(tooMany.status()).toBe(400);
});
