/**
 * 店铺装修 as the demo manager of shop 1001: move the brand wall above the sale tabs and hide
 * 即将开抢, preview the draft (shoppers still see the old home), publish → the home follows. A
 * banner picture of the wrong type or over 5 MB is refused with its message and nothing changes;
 * a good one becomes the home's first banner once published. A consumer is refused the page, and
 * the owner of shop 1002 every decoration call of shop 1001.
 */
import sharp from 'sharp';
import { and, asc, eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_decoration' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const ORIGINAL = [
  'indexBanner',
  'diamond',
  'market',
  'newBornZone',
  'saleTabs',
  'upcoming',
  'brandWall',
  'category',
];
const REARRANGED = [
  'indexBanner',
  'diamond',
  'market',
  'newBornZone',
  'brandWall',
  'saleTabs',
  'category',
];

/** The home's modules in the order the page shows them. */
const homeModules = (page: Page) =>
  page
    .locator('main [data-module]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-module')));

/** What a visitor without a session sees on the home of shop 1001. */
async function visitorHome(browser: import('@playwright/test').Browser, query = '') {
  const visitor = await browser.newPage();
  await visitor.goto(`${shop.url}/index?shopId=1001${query}`);
  return visitor;
}

/** Opens 店铺装修 from the tab bar (设置) and waits for the editor to take taps. */
async function openDecoration(page: Page) {
  await page.goto(`${shop.url}/order?shopId=1001`);
  await page.locator('nav[aria-label="主导航"]').getByRole('link', { name: '设置' }).click();
  await expect(page).toHaveURL(/\/decoration\?/);
  await expect(page.getByRole('heading', { level: 1, name: '店铺装修' })).toBeVisible();
  await expect(page.getByRole('button', { name: '预览' })).toBeEnabled();
}

const moduleRows = (page: Page) =>
  page
    .locator('[data-decoration-modules] [data-module]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-module')));

test('the manager reorders and hides home modules, previews, publishes, and the home follows', async ({
  pageAs,
  browser,
}) => {
  const page = await pageAs('manager1001');
  await openDecoration(page);
  await expect(page.locator('[data-published-note]')).toHaveText('尚未发布过，首页为默认布局');
  expect(await moduleRows(page)).toEqual(ORIGINAL);

  await page.getByRole('button', { name: '上移品牌墙' }).click();
  await page.getByRole('button', { name: '上移品牌墙' }).click();
  await page.getByRole('switch', { name: '显示即将开抢' }).uncheck();
  expect(await moduleRows(page)).toEqual([
    'indexBanner',
    'diamond',
    'market',
    'newBornZone',
    'brandWall',
    'saleTabs',
    'upcoming',
    'category',
  ]);
  await expect(page.locator('[data-decoration-status]')).toContainText('有未保存的修改');

  // 预览: the draft on the home, marked as such; shoppers still see the published home.
  await page.getByRole('button', { name: '预览' }).click();
  await expect(page).toHaveURL(/\/index\?.*preview=draft/);
  await expect(page.locator('[data-preview]')).toContainText('预览');
  expect(await homeModules(page)).toEqual(REARRANGED);
  const before = await visitorHome(browser, '&preview=draft');
  await expect(before.locator('[data-preview]')).toHaveCount(0);
  expect(await homeModules(before)).toEqual(ORIGINAL);
  await before.close();

  await page.locator('[data-preview]').getByRole('link', { name: '返回装修' }).click();
  await expect(page.getByRole('button', { name: '发布' })).toBeEnabled();
  await expect(page.locator('[data-decoration-status]')).toContainText('草稿未发布');
  expect(await moduleRows(page)).toEqual([
    'indexBanner',
    'diamond',
    'market',
    'newBornZone',
    'brandWall',
    'saleTabs',
    'upcoming',
    'category',
  ]);
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.locator('#shell-toast')).toHaveText('发布成功');
  await expect(page.locator('[data-decoration-status]')).toContainText('已发布最新装修');
  await expect(page.locator('[data-published-note]')).toContainText('上次发布：');

  // Every shopper now gets the new order, without 即将开抢.
  const after = await visitorHome(browser);
  expect(await homeModules(after)).toEqual(REARRANGED);
  await expect(after.getByRole('heading', { name: '即将开抢' })).toHaveCount(0);
  await expect(after.getByRole('heading', { name: '品牌墙' })).toBeVisible();
  const answer = await after.evaluate(() =>
    fetch('/api/shop/getShopDecorations/1001').then((r) => r.json()),
  );
  expect(answer.code).toBe(0);
  expect(answer.data.modules.map((m: { kind: string }) => m.kind)).toEqual([
    'indexBanner',
    'diamond',
    'market',
    'newBornZone',
    'brandWall',
    'saleTabs',
    'upcoming',
    'category',
  ]);
  expect(answer.data.modules[6]).toEqual({ kind: 'upcoming', name: '即将开抢', visible: false });
  await after.close();
});

const picture = (format: 'png' | 'gif', width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1f8f5f' } })
    .toFormat(format)
    .toBuffer();

const mediaCount = async () =>
  (await shop.admin.db.select({ id: t.media.id }).from(t.media)).length;

const bannerRows = () =>
  shop.admin.db
    .select({ title: t.banners.title, imageUrl: t.banners.imageUrl, link: t.banners.link })
    .from(t.banners)
    .where(and(eq(t.banners.shopId, '1001'), eq(t.banners.location, 'indexBanner')))
    .orderBy(asc(t.banners.sort));

test('a banner picture of the wrong type or too large is refused; a good one is published', async ({
  pageAs,
  browser,
}) => {
  const page = await pageAs('manager1001');
  await openDecoration(page);
  const banners = page.locator('[data-decoration-banners] > li');
  await expect(banners).toHaveCount(3);
  const file = page.locator('[data-banner-file]');
  const problem = page.locator('[data-upload-problem]');
  const rowsBefore = await bannerRows();
  const mediaBefore = await mediaCount();

  await file.setInputFiles({
    name: 'banner.gif',
    mimeType: 'image/gif',
    buffer: await picture('gif', 750, 320),
  });
  await expect(problem).toHaveText('请上传 JPG、PNG 或 WebP 格式的图片');
  await file.setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(6 * 1024 * 1024, 1),
  });
  await expect(problem).toHaveText('图片不能超过5MB');
  // A picture that says it is a PNG but is a GIF: the server reads what it is.
  await file.setInputFiles({
    name: 'disguised.png',
    mimeType: 'image/png',
    buffer: await picture('gif', 750, 320),
  });
  await expect(problem).toHaveText('请上传 JPG、PNG 或 WebP 格式的图片');
  await expect(banners).toHaveCount(3);
  await expect(page.locator('[data-decoration-status]')).toContainText('已发布最新装修');
  // The server refuses them the same way when they are sent by hand.
  const sent = (bytes: number[] | null) =>
    page.evaluate(async (body) => {
      const answer = await fetch('/api/shop/decoration/uploadBanner?shopBizCode=1001', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: body ? new Uint8Array(body) : new Uint8Array(6 * 1024 * 1024),
      });
      return answer.json();
    }, bytes);
  expect(await sent([...(await picture('gif', 20, 20))])).toMatchObject({
    code: 49503,
    message: '请上传 JPG、PNG 或 WebP 格式的图片',
  });
  expect(await sent(null)).toMatchObject({ message: '图片不能超过5MB' });
  expect(await bannerRows()).toEqual(rowsBefore);
  expect(await mediaCount()).toBe(mediaBefore);

  // A good picture: added last, named, linked, moved first, published.
  await file.setInputFiles({
    name: 'new-year.png',
    mimeType: 'image/png',
    buffer: await picture('png', 1500, 900),
  });
  await expect(banners).toHaveCount(4);
  await expect(problem).toHaveCount(0);
  const added = banners.nth(3);
  await expect(added.getByLabel('标题')).toHaveValue('新横幅');
  await added.getByLabel('标题').fill('年货节');
  await added.getByLabel('链接').selectOption({ label: '领券中心' });
  for (const n of [4, 3, 2]) await page.getByRole('button', { name: `上移横幅${n}` }).click();
  await expect(banners.first().getByLabel('标题')).toHaveValue('年货节');
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.locator('#shell-toast')).toHaveText('发布成功');

  const rows = await bannerRows();
  expect(rows.map((r) => r.title)).toEqual(['年货节', ...rowsBefore.map((r) => r.title)]);
  expect(rows[0]!.link).toEqual({ route: 'coupon-center' });
  const [stored] = await shop.admin.db
    .select({ width: t.media.width, height: t.media.height, contentType: t.media.contentType })
    .from(t.media)
    .where(eq(t.media.id, Number(rows[0]!.imageUrl.replace('/media/', ''))));
  expect(stored).toEqual({ width: 1200, height: 512, contentType: 'image/jpeg' });

  const visitor = await visitorHome(browser);
  const first = visitor.locator('.banners > *').first();
  await expect(first.getByRole('img')).toHaveAttribute('alt', '年货节');
  await expect(first).toHaveAttribute('href', /^\/coupon-center\?shopId=1001/);
  await visitor.close();
});

test('a consumer is refused the page; the owner of shop 1002 every call of shop 1001', async ({
  pageAs,
  browser,
}) => {
  const consumer = await pageAs('consumer');
  const refused = await consumer.goto(`${shop.url}/decoration?shopId=1001`);
  expect(refused?.status()).toBe(403);
  await expect(consumer.getByRole('heading', { name: '没有权限访问' })).toBeVisible();
  await expect(consumer.getByText('请切换为管理员身份操作')).toBeVisible();
  await consumer.context().clearCookies();

  const context = await browser.newContext();
  await shop.signIn(context, 'owner1002');
  const owner = await context.newPage();
  await owner.goto(`${shop.url}/index?shopId=1001&preview=draft`);
  await expect(owner.locator('[data-preview]')).toHaveCount(0);
  const answers = await owner.evaluate(async (kinds) => {
    const post = (path: string, body: unknown) =>
      fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    return [
      await fetch('/api/shop/decoration/draft?shopBizCode=1001').then((r) => r.json()),
      await post('/api/shop/decoration/saveDraft?shopBizCode=1001', {
        modules: kinds.map((kind) => ({ kind, visible: false })),
        banners: [],
      }),
      await post('/api/shop/decoration/publish?shopBizCode=1001', {}),
      await fetch('/api/shop/decoration/uploadBanner?shopBizCode=1001', {
        method: 'POST',
        body: new Uint8Array([1, 2, 3]),
      }).then((r) => r.json()),
    ];
  }, ORIGINAL);
  for (const answer of answers) {
    expect(answer).toMatchObject({ code: 40301, success: false });
  }
  // Their own shop is theirs to read, as anyone may: the published layout.
  const own = await owner.evaluate(() =>
    fetch('/api/shop/getShopDecorations/1002').then((r) => r.json()),
  );
  expect(own).toMatchObject({ code: 0, data: { publishedAt: null } });
  await context.close();
});
