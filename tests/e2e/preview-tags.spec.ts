/**
 * Every browsing page previews perfectly (browsing issue, item 8): the document title carries the
 * shop's name; description, canonical URL (absolute, with shopId and the page's own query, never
 * the sharer or tracking parameters), Open Graph and Twitter card tags; JSON-LD that parses, with
 * a BreadcrumbList starting at the shop's home, an ItemList on list pages and the Brand on a
 * sale's page; search results and photo search stay out of search engines. Each page is opened
 * the way it is shared: with a distributorId and tracking parameters. Runs on the shared server
 * (shop 1001 demo data); no login needed.
 */
import { expect, test, type Page } from '@playwright/test';
import { CARRIED_PARAMS } from '#lib/platform/carry.ts';
import { seedHandles } from '#demo/handles.ts';

const { shop1001 } = seedHandles;

const SHOP_NAME = '小鹿优选';
const SHARED = 'shopId=1001&distributorId=123&channel=3&shareChannel=131&spm=a1.b2';

interface PageCase {
  /** Path and the page's own query. */
  path: string;
  /** The canonical URL's own query (besides shopId). */
  canonical?: Record<string, string>;
  /** Lists sales or products (an ItemList with entries). */
  list?: boolean;
  /** About one brand (a Brand). */
  brand?: boolean;
  /** Has a picture to preview. */
  image?: boolean;
  /** Kept out of search engines. */
  noindex?: boolean;
}

const PAGES: PageCase[] = [
  { path: '/index', list: true, image: true },
  {
    path: `/brand?activityNo=${shop1001.sales.senyeRunning.activityNo}`,
    canonical: { activityNo: shop1001.sales.senyeRunning.activityNo },
    list: true,
    brand: true,
    image: true,
  },
  {
    path: `/productDetail?productNo=${shop1001.sales.senyeRunning.products[0]!.productNo}`,
    canonical: { productNo: shop1001.sales.senyeRunning.products[0]!.productNo },
    image: true,
  },
  { path: '/search' },
  {
    path: '/search?keyword=冲锋衣&sort=sales',
    canonical: { keyword: '冲锋衣' },
    list: true,
    image: true,
    noindex: true,
  },
  { path: '/img-search', noindex: true },
  { path: '/brandList', list: true, image: true },
  { path: '/forcast', list: true, image: true },
  { path: '/superbrand', list: true, image: true },
  { path: '/top-list', list: true, image: true },
  { path: '/seckill-list', list: true, image: true },
  { path: '/presale-fresh', list: true, image: true },
  { path: '/presale-factory', list: true, image: true },
  { path: '/allBuying', list: true, image: true },
  { path: '/superMarket', list: true, image: true },
  { path: '/businessVenue', list: true, image: true },
  {
    path: `/businessVenue?venueNo=${shop1001.venues.winterGala.venueNo}`,
    canonical: { venueNo: shop1001.venues.winterGala.venueNo },
    list: true,
    image: true,
  },
  {
    path: `/landingPage?activityNo=${shop1001.sales.senyeRunning.activityNo},${shop1001.sales.yuedongRunning.activityNo}`,
    canonical: {
      activityNo: `${shop1001.sales.senyeRunning.activityNo},${shop1001.sales.yuedongRunning.activityNo}`,
    },
    list: true,
    image: true,
  },
  {
    path: '/bannerLanding?location=indexBanner&index=0',
    canonical: { location: 'indexBanner', index: '0' },
    list: true,
    image: true,
  },
  { path: '/eastGate', list: true, image: true },
  {
    path: `/preheat?activityNo=${shop1001.sales.bailuUpcoming.activityNo}`,
    canonical: { activityNo: shop1001.sales.bailuUpcoming.activityNo },
    list: true,
    brand: true,
    image: true,
  },
  {
    path: `/commonActivity?activityNo=${shop1001.sales.senyeRunning.activityNo}`,
    canonical: { activityNo: shop1001.sales.senyeRunning.activityNo },
    list: true,
    brand: true,
    image: true,
  },
  { path: '/goodsOfNpieceXfold', list: true, brand: true, image: true },
];

type Ld = Record<string, unknown> & { '@type'?: string };

async function jsonLd(page: Page): Promise<Ld[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Ld);
}

/** A URL the page offers to search engines: absolute, of this shop, with nothing carried along. */
function expectClean(url: string, origin: string, what: string): URL {
  const parsed = new URL(url);
  expect(parsed.origin, what).toBe(origin);
  expect(parsed.searchParams.get('shopId'), what).toBe('1001');
  for (const key of [...CARRIED_PARAMS, 'refSpm']) {
    expect(parsed.searchParams.has(key), `${what} carries ${key}`).toBe(false);
  }
  return parsed;
}

for (const c of PAGES) {
  test(`${c.path} previews: title, description, canonical, Open Graph, Twitter card, JSON-LD`, async ({
    page,
    request,
  }) => {
    const response = await page.goto(`${c.path}${c.path.includes('?') ? '&' : '?'}${SHARED}`);
    expect(response?.status()).toBe(200);
    const origin = new URL(page.url()).origin;
    // The tag's content, or null when the page has no such tag.
    const meta = async (selector: string) => {
      const tag = page.locator(selector);
      return (await tag.count()) > 0 ? tag.first().getAttribute('content') : null;
    };

    await expect(page).toHaveTitle(new RegExp(SHOP_NAME));
    expect((await meta('meta[name="description"]'))?.trim()).toBeTruthy();

    // Canonical: absolute, shopId and the page's own query only.
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    const canonical = (await page.locator('link[rel="canonical"]').getAttribute('href'))!;
    const url = expectClean(canonical, origin, 'canonical');
    expect(url.pathname).toBe(c.path.split('?')[0]);
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...c.canonical, shopId: '1001' });

    // Open Graph and Twitter card.
    expect(await meta('meta[property="og:title"]')).toContain(SHOP_NAME);
    expect((await meta('meta[property="og:description"]'))?.trim()).toBeTruthy();
    expect(await meta('meta[property="og:url"]')).toBe(canonical);
    expect(await meta('meta[property="og:type"]')).toBe(
      c.path.startsWith('/productDetail') ? 'product' : 'website',
    );
    expect(await meta('meta[name="twitter:title"]')).toBeTruthy();
    const image = await meta('meta[property="og:image"]');
    if (c.image) {
      expect(image, 'og:image').toBeTruthy();
      expect(new URL(image!).origin).toBe(origin);
      const picture = await request.get(image!, { headers: { accept: 'image/*' } });
      expect(picture.status(), image!).toBe(200);
      expect(picture.headers()['content-type']).toMatch(/^image\/(png|jpeg)$/);
      expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
      // The picture says what it shows, to readers who cannot see it.
      const alt = await meta('meta[property="og:image:alt"]');
      expect(alt?.trim(), 'og:image:alt').toBeTruthy();
      expect(await meta('meta[name="twitter:image:alt"]')).toBe(alt);
    } else {
      expect(await meta('meta[name="twitter:card"]')).toMatch(/^summary(_large_image)?$/);
    }

    // Robots: only search results and photo search stay out of the index.
    if (c.noindex) {
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
        'content',
        'noindex, follow',
      );
    } else {
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    }

    // JSON-LD: it parses; the trail starts at the shop's home.
    const ld = await jsonLd(page);
    expect(ld.length).toBeGreaterThan(0);
    for (const item of ld) expect(item['@context']).toBe('https://schema.org');
    const crumbs = ld.find((item) => item['@type'] === 'BreadcrumbList');
    expect(crumbs, 'BreadcrumbList').toBeTruthy();
    const trail = crumbs!.itemListElement as { position: number; name: string; item?: string }[];
    expect(trail[0]).toMatchObject({ position: 1, name: SHOP_NAME });
    expect(trail[0]!.item).toBe(`${origin}/index?shopId=1001`);
    trail.forEach((crumb, i) => {
      expect(crumb.position).toBe(i + 1);
      if (crumb.item) expectClean(crumb.item, origin, `crumb ${crumb.name}`);
    });

    if (c.list) {
      const list = ld.find((item) => item['@type'] === 'ItemList');
      expect(list, 'ItemList').toBeTruthy();
      const entries = list!.itemListElement as { position: number; url: string }[];
      expect(entries.length).toBeGreaterThan(0);
      entries.forEach((entry, i) => {
        expect(entry.position).toBe(i + 1);
        expectClean(entry.url, origin, `list entry ${i + 1}`);
      });
    }
    if (c.brand) {
      const brand = ld.find((item) => item['@type'] === 'Brand');
      expect(brand, 'Brand').toBeTruthy();
      expect(brand!.name).toBeTruthy();
    }
  });
}

test('the product JSON-LD offers the shown price in CNY, with its availability', async ({
  page,
}) => {
  await page.goto(
    `/productDetail?productNo=${shop1001.sales.senyeRunning.products[0]!.productNo}&${SHARED}`,
  );
  const shown = await page.locator('[data-price]').innerText();
  const product = (await jsonLd(page)).find((item) => item['@type'] === 'Product');
  expect(product?.offers).toMatchObject({
    '@type': 'Offer',
    priceCurrency: 'CNY',
    price: shown,
    availability: 'https://schema.org/InStock',
  });
});

test('a list page lists in JSON-LD exactly the sales it shows', async ({ page }) => {
  await page.goto(`/brandList?${SHARED}`);
  const shown = await page
    .locator('.sales a')
    .evaluateAll((links) =>
      links.map((a) => new URL(a.getAttribute('href')!, 'http://x').searchParams.get('activityNo')),
    );
  const list = (await jsonLd(page)).find((item) => item['@type'] === 'ItemList');
  const listed = (list!.itemListElement as { url: string }[]).map((entry) =>
    new URL(entry.url).searchParams.get('activityNo'),
  );
  expect(listed).toEqual(shown);
});

test('behind a TLS-terminating proxy the absolute URLs say https, with the host shoppers use', async ({
  request,
}) => {
  const html = await (
    await request.get(
      `/productDetail?productNo=${shop1001.sales.senyeRunning.products[0]!.productNo}&shopId=1001`,
      {
        headers: { 'x-forwarded-proto': 'https' },
      },
    )
  ).text();
  // As written in the HTML: `&` is `&amp;` in an attribute.
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  expect(canonical).toMatch(
    new RegExp(
      `^https://[^/]+/productDetail\\?productNo=${shop1001.sales.senyeRunning.products[0]!.productNo}&amp;shopId=1001$`,
    ),
  );
  expect(html).toContain(`<meta property="og:url" content="${canonical}"`);
  expect(html).not.toContain('"http://');
  // The same page asked over plain http is kept apart, with http URLs.
  const plain = await (
    await request.get(
      `/productDetail?productNo=${shop1001.sales.senyeRunning.products[0]!.productNo}&shopId=1001`,
    )
  ).text();
  expect(/<link rel="canonical" href="([^"]+)"/.exec(plain)?.[1]).toMatch(/^http:\/\//);
});
