/**
 * The other browsing routes (issue 4 item 5): every page answers with its heading and links that
 * keep the shop and the sharer; the flash-sale tabs switch sessions; a venue that is gone says
 * so with a 404; a sale that has opened leaves its preheat page. Runs on the shared server (shop
 * 1001 demo data); no login needed. Each page is also photographed at 375×667.
 */
import { expect, test, type Page } from '@playwright/test';
import { seedHandles } from '#demo/handles.ts';

const { shop1001 } = seedHandles;

const SHARED = 'shopId=1001&distributorId=77';

/** The page's links to a route, by its path. */
async function linksTo(page: Page, pathname: string): Promise<URL[]> {
  const hrefs = await page
    .locator(`a[href^="${pathname}?"]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return hrefs.map((href) => new URL(href, 'http://x'));
}

const PAGES: { path: string; heading: string | RegExp; links: string[] }[] = [
  { path: '/brandList', heading: '品牌特卖', links: ['/brand'] },
  { path: '/forcast', heading: '即将开抢', links: ['/preheat'] },
  { path: '/superbrand', heading: '超级品牌', links: ['/brand', '/productDetail'] },
  { path: '/top-list', heading: '热销榜单', links: ['/productDetail'] },
  { path: '/seckill-list', heading: '限时秒杀', links: ['/productDetail', '/seckill-list'] },
  { path: '/businessVenue', heading: '冬季品牌盛典', links: ['/brand', '/productDetail'] },
  {
    path: `/businessVenue?venueNo=${shop1001.venues.winterGala.venueNo}`,
    heading: '冬季品牌盛典',
    links: ['/brand', '/preheat', '/productDetail'],
  },
  {
    path: '/superMarket',
    heading: '品质生活超市',
    links: ['/goodsOfNpieceXfold', '/productDetail'],
  },
  { path: '/allBuying', heading: '全球购', links: ['/brand', '/productDetail'] },
  { path: '/eastGate', heading: '东门会场', links: ['/brand', '/productDetail'] },
  { path: '/presale-fresh', heading: '生鲜预售', links: ['/brand', '/productDetail'] },
  { path: '/presale-factory', heading: '工厂直供预售', links: ['/brand', '/productDetail'] },
  {
    path: `/landingPage?activityNo=${shop1001.sales.senyeRunning.activityNo},${shop1001.sales.yuedongRunning.activityNo}`,
    heading: '活动专题',
    links: ['/brand', '/productDetail'],
  },
  {
    path: '/bannerLanding?location=indexBanner&index=0',
    heading: '品牌狂欢季',
    links: ['/brand', '/productDetail'],
  },
  {
    path: `/preheat?activityNo=${shop1001.sales.bailuUpcoming.activityNo}`,
    heading: '白鹭 BAILU 即将开抢',
    links: ['/productDetail'],
  },
  {
    path: `/commonActivity?activityNo=${shop1001.sales.senyeRunning.activityNo}`,
    heading: '森野 SENYE 品牌特卖',
    links: ['/productDetail'],
  },
  { path: '/goodsOfNpieceXfold', heading: '家居日用 3件7折', links: ['/productDetail'] },
];

for (const { path, heading, links } of PAGES) {
  test(`${path} answers with its heading and links that keep the shop and the sharer`, async ({
    page,
  }) => {
    const url = `${path}${path.includes('?') ? '&' : '?'}${SHARED}`;
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    // One whole document: nothing rendered after it.
    expect((await response!.text()).trimEnd().endsWith('</html>')).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    for (const pathname of links) {
      const found = await linksTo(page, pathname);
      expect(found.length, `${path} links to ${pathname}`).toBeGreaterThan(0);
      for (const link of found) {
        expect(link.searchParams.get('shopId')).toBe('1001');
        expect(link.searchParams.get('distributorId')).toBe('77');
      }
    }
    // No picture shifts the layout: every one has its size.
    const unsized = await page
      .locator('img:not([width]), img:not([height])')
      .evaluateAll((images) => images.length);
    expect(unsized).toBe(0);
    const name = path.slice(1).replace(/[?&=,]/g, '-');
    await page.screenshot({ path: `test-results/screens/venues-${name}-375x667.png` });
  });
}

test('the flash-sale tabs switch sessions, each with its own countdown or state', async ({
  page,
}) => {
  await page.goto(`/seckill-list?${SHARED}`);
  const tabs = page.getByRole('navigation', { name: '秒杀场次' }).getByRole('link');
  await expect(tabs).toHaveCount(4);
  const current = page.locator('nav [aria-current="true"]');
  await expect(current).toHaveCount(1);
  // Without a choice the running session is shown, counting down to its end.
  await expect(current).toHaveAttribute('data-session-state', 'ongoing');
  await expect(page.locator('[data-session] [data-countdown]')).toContainText('距结束');
  await expect(page.locator('.items .stock').first()).toContainText(/已抢\d+%/);
  const before = await page.locator('.items .name').allInnerTexts();

  // An ended session.
  await page.locator('nav a[data-session-state="ended"]').first().click();
  await expect(page).toHaveURL(/\/seckill-list\?.*activityNo=/);
  const chosen = new URL(page.url()).searchParams;
  expect(shop1001.seckillSessions.map((s) => s.activityNo)).toContain(chosen.get('activityNo'));
  expect(chosen.get('distributorId')).toBe('77');
  await expect(current).toHaveAttribute('data-session-state', 'ended');
  await expect(page.locator('[data-session]')).toContainText('本场已结束');
  await expect(page.locator('.items .go').first()).toHaveText('已结束');
  expect(await page.locator('.items .name').allInnerTexts()).not.toEqual(before);
  await page.screenshot({ path: 'test-results/screens/venues-seckill-ended-375x667.png' });

  // The next session counts down to its start.
  await page.locator('nav a[data-session-state="upcoming"]').first().click();
  await expect(current).toHaveAttribute('data-session-state', 'upcoming');
  await expect(page.locator('[data-session] [data-countdown]')).toContainText('距开始');
  await expect(page.locator('.items .go').first()).toHaveText('即将开抢');
});

test('an unknown or ended venue shows 会场已下线 with 404', async ({ page }) => {
  for (const venueNo of ['V9999999', shop1001.venues.elevenEncore.venueNo]) {
    const response = await page.goto(`/businessVenue?venueNo=${venueNo}&${SHARED}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('会场已下线');
  }
  await page.screenshot({ path: 'test-results/screens/venues-businessVenue-gone-375x667.png' });
  const page404 = await page.goto(`/businessVenue404?${SHARED}`);
  expect(page404?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('会场已下线');
});

test('a preheat page shows nothing to buy; once the sale opens it leads to the sale', async ({
  page,
}) => {
  await page.goto(`/preheat?activityNo=${shop1001.sales.bailuUpcoming.activityNo}&${SHARED}`);
  await expect(page.locator('[data-countdown]').first()).toContainText('距开抢');
  await expect(page.locator('.grid button, .grid [role="button"]')).toHaveCount(0);
  await expect(page.locator('.grid a').first()).toContainText('即将开抢');
  await expect(page.getByText('加入购物车')).toHaveCount(0);
  await expect(page.getByText('立即购买')).toHaveCount(0);

  await page.goto(`/preheat?activityNo=${shop1001.sales.senyeRunning.activityNo}&${SHARED}`);
  await expect(page).toHaveURL(
    new RegExp(`/brand\\?activityNo=${shop1001.sales.senyeRunning.activityNo}&.*distributorId=77`),
  );
  const gone = await page.goto(
    `/preheat?activityNo=${shop1001.sales.senyeEnded.activityNo}&${SHARED}`,
  );
  expect(gone?.status()).toBe(404);
});

test('the N件X折 page spells out its rule on its own prices', async ({ page }) => {
  await page.goto(`/goodsOfNpieceXfold?${SHARED}`);
  await expect(page.locator('.rule-head')).toContainText('任选3件 享7折');
  await expect(page.locator('[data-rule-example]')).toContainText(/¥\d+\.\d{2}/);
  await expect(page.locator('[data-countdown]')).toContainText('距结束');
  const unknown = await page.goto(
    `/goodsOfNpieceXfold?activityNo=${shop1001.sales.senyeRunning.activityNo}&${SHARED}`,
  );
  expect(unknown?.status()).toBe(404);
});

test('the listing pages are offered to search engines with their canonical URL', async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml?shopId=1001')).text();
  for (const route of ['brandList', 'forcast', 'superbrand', 'top-list']) {
    expect(sitemap).toContain(`/${route}?shopId=1001</loc>`);
    await page.goto(`/${route}?${SHARED}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/${route}\\?shopId=1001$`),
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /小鹿优选/);
  }
});
