/**
 * Sharing (issue #14 items 1–3): a shop keeper opens a product and taps 分享赚; the share sheet
 * offers 复制链接 and 保存海报; the poster (长按保存) is a PNG whose QR code decodes to the product
 * link naming the keeper. Inside the messaging app the page asks for the JS-SDK signature and sets
 * the share data: the product's title, the link naming the keeper. A shopper's share names nobody.
 */
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';
import * as t from '#lib/platform/db/schema.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { IN_APP_UA } from '#tests/fixtures/accounts.ts';

test.use({ shopDatabase: 'shop_e2e_share' });

const product = seedHandles.shop1001.sales.senyeRunning.products[0]!;
const productPath = `/productDetail?productNo=${product.productNo}&shopId=1001`;

async function userId(admin: Database, phone: string): Promise<number> {
  const [row] = await admin.db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.phone, phone));
  return row!.id;
}

async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** The page's scripts have bound the share buttons (they start disabled). */
async function shareReady(page: Page) {
  await expect(page.locator('[data-share-button]').first()).toBeEnabled();
}

test.describe('in a plain browser', () => {
  test('a shop keeper shares a product: 复制链接, and a poster whose QR code names them', async ({
    pageAs,
    pgShop,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: pgShop.url });
    const page = await pageAs('owner1001');
    const ownerId = await userId(pgShop.admin, demoPhones.owner1001);
    await page.goto(`${pgShop.url}${productPath}`);
    const button = page.getByRole('button', { name: /^分享赚 ¥\d+\.\d{2}/ });
    await expect(button).toHaveAttribute('data-guide', 'productDetailShare');
    await shareReady(page);
    await page.screenshot({ path: 'test-results/screens/share-product-375x667.png' });
    await button.click();

    const sheet = page.getByRole('dialog', { name: '分享给好友' });
    await expect(sheet).toBeVisible();
    const copy = sheet.getByRole('button', { name: '复制链接' });
    const poster = sheet.getByRole('button', { name: '保存海报' });
    await expect(copy).toBeEnabled();
    await expect(poster).toBeEnabled();

    await copy.click();
    await expect(page.getByText('链接已复制')).toBeVisible();
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.pathname).toBe('/productDetail');
    expect(copied.searchParams.get('distributorId')).toBe(String(ownerId));
    expect(copied.searchParams.get('shareChannel')).toBe('130');

    await poster.click();
    const picture = sheet.getByRole('img', { name: '分享海报' });
    await expect(picture).toBeVisible();
    await expect(sheet.getByText('长按保存')).toBeVisible();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(600);
    await page.screenshot({ path: 'test-results/screens/share-sheet-375x667.png' });
    const src = (await picture.getAttribute('src'))!;
    expect(src).toContain(`/poster/product/${product.productNo}.png?shopId=1001&d=${ownerId}&v=`);
    const response = await page.request.get(src);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const link = new URL((await decodeQr(await response.body()))!);
    expect(link.origin).toBe(pgShop.url);
    expect(link.pathname).toBe('/productDetail');
    expect(link.searchParams.get('productNo')).toBe(product.productNo);
    expect(link.searchParams.get('distributorId')).toBe(String(ownerId));
    expect(link.searchParams.get('shopId')).toBe('1001');

    // The poster and the copied link were confirmed as shares of the keeper.
    await expect
      .poll(async () => {
        const rows = await pgShop.admin.db
          .select({ channel: t.shareEvents.shareChannel })
          .from(t.shareEvents)
          .where(eq(t.shareEvents.distributorId, ownerId));
        return rows.map((r) => r.channel).sort();
      })
      .toEqual(expect.arrayContaining([111, 130]));
  });

  test('a shopper shares too, but the links name nobody', async ({ pageAs, pgShop }) => {
    const page = await pageAs('consumer');
    await page.goto(`${pgShop.url}${productPath}`);
    await expect(page.locator('[data-profit-tag]')).toHaveCount(0);
    await shareReady(page);
    await page.getByRole('button', { name: '分享', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: '分享给好友' });
    await sheet.getByRole('button', { name: '保存海报' }).click();
    const src = (await sheet.getByRole('img', { name: '分享海报' }).getAttribute('src'))!;
    expect(src).not.toContain('&d=');
    const link = new URL((await decodeQr(await (await page.request.get(src)).body()))!);
    expect(link.searchParams.has('distributorId')).toBe(false);
  });

  test('a distributorId in the page URL never becomes the sharer', async ({ page, pgShop }) => {
    const ownerId = await userId(pgShop.admin, demoPhones.owner1001);
    await page.goto(`${pgShop.url}${productPath}&distributorId=${ownerId}`);
    await shareReady(page);
    await page.getByRole('button', { name: '分享', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: '分享给好友' });
    await sheet.getByRole('button', { name: '保存海报' }).click();
    const src = (await sheet.getByRole('img', { name: '分享海报' }).getAttribute('src'))!;
    expect(src).not.toContain('&d=');
  });
});

test.describe('inside the messaging app', () => {
  test.use({ userAgent: IN_APP_UA });

  test('the product page signs its URL and sets the share card naming the keeper', async ({
    pageAs,
    pgShop,
  }) => {
    const page = await pageAs('owner1001');
    const ownerId = await userId(pgShop.admin, demoPhones.owner1001);
    // The app's JS-SDK, as the page finds it inside the app.
    await page.addInitScript(() => {
      const calls: [string, unknown][] = [];
      Object.assign(window, {
        shareCalls: calls,
        wx: {
          config: (options: unknown) => calls.push(['config', options]),
          ready: (callback: () => void) => callback(),
          error: () => {},
          updateAppMessageShareData: (data: unknown) => calls.push(['app', data]),
          updateTimelineShareData: (data: unknown) => calls.push(['timeline', data]),
        },
      });
    });
    const signed = page.waitForRequest((r) => r.url().includes('/api/member/signature?'));
    await page.goto(`${pgShop.url}${productPath}`);
    const asked = new URL((await signed).url());
    expect(new URL(asked.searchParams.get('url')!).pathname).toBe('/productDetail');

    const calls = () =>
      page.evaluate(() => (window as unknown as { shareCalls: [string, any][] }).shareCalls);
    await expect
      .poll(async () => (await calls()).map(([name]) => name))
      .toEqual(['config', 'app', 'timeline']);
    const [configCall, cardCall] = await calls();
    const config = configCall![1];
    const card = cardCall![1];
    expect(config).toMatchObject({
      appId: expect.any(String),
      signature: expect.stringMatching(/^[0-9a-f]{40}$/),
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
    expect(card.title).toBe(product.name);
    expect(card.desc).toMatch(/^¥\d+\.\d{2}/);
    expect(card.imgUrl).toMatch(/^http.*\/img\/\d+\?w=400$/);
    const link = new URL(card.link);
    expect(link.searchParams.get('productNo')).toBe(product.productNo);
    expect(link.searchParams.get('distributorId')).toBe(String(ownerId));
    expect(link.searchParams.get('shareChannel')).toBe('110');
  });
  test('a visitor’s home sets the shop’s card, naming nobody', async ({ page, pgShop }) => {
    await page.addInitScript(() => {
      const cards: unknown[] = [];
      Object.assign(window, {
        shareCards: cards,
        wx: {
          config: () => {},
          ready: (callback: () => void) => callback(),
          error: () => {},
          updateAppMessageShareData: (data: unknown) => cards.push(data),
          updateTimelineShareData: () => {},
        },
      });
    });
    await page.goto(`${pgShop.url}/index?shopId=1001&distributorId=5`);
    const card = () =>
      page.evaluate(
        () =>
          (window as unknown as { shareCards: { title: string; link: string }[] }).shareCards[0],
      );
    await expect.poll(async () => (await card())?.title).toBe('小鹿优选');
    const link = new URL((await card())!.link);
    expect(link.pathname).toBe('/index');
    expect(link.searchParams.has('distributorId')).toBe(false);
  });
});

test.describe('the brand page and editForward', () => {
  test('a brand sale is shared with its poster; its button carries the share guide for a level keeper', async ({
    pageAs,
    pgShop,
  }) => {
    const sale = seedHandles.shop1001.sales.senyeRunning;
    const page = await pageAs('owner1001');
    const ownerId = await userId(pgShop.admin, demoPhones.owner1001);
    await page.goto(`${pgShop.url}/brand?activityNo=${sale.activityNo}&shopId=1001`);
    const button = page.getByRole('button', { name: '分享特卖' });
    // owner1001 has level 1 in shop 1001 (shell §4: the brand share guide is for level users).
    await expect(button).toHaveAttribute('data-guide', 'activityShare');
    await shareReady(page);
    await button.click();
    const sheet = page.getByRole('dialog', { name: '分享给好友' });
    await sheet.getByRole('button', { name: '保存海报' }).click();
    const src = (await sheet.getByRole('img', { name: '分享海报' }).getAttribute('src'))!;
    expect(src).toContain(`/poster/sale/${sale.activityNo}.png?shopId=1001&d=${ownerId}&v=`);
    const link = new URL((await decodeQr(await (await page.request.get(src)).body()))!);
    expect(link.pathname).toBe('/brand');
    expect(link.searchParams.get('activityNo')).toBe(sale.activityNo);
    expect(link.searchParams.get('distributorId')).toBe(String(ownerId));
  });

  test('a keeper writes the product forwarding text: emoji go, and it becomes their share card’s desc', async ({
    pageAs,
    pgShop,
  }) => {
    const page = await pageAs('owner1001');
    await page.goto(`${pgShop.url}/editForward?shopId=1001`);
    await expect(page.getByRole('heading', { name: '编辑转发文案' })).toBeVisible();
    const field = page.getByLabel('商品', { exact: true });
    const row = page.locator('[data-forward-type="6"]');
    await expect(row.getByRole('button', { name: '保存' })).toBeEnabled();
    await field.fill('今天的好物😀，闭眼入！');
    await row.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(field).toHaveValue('今天的好物，闭眼入！');

    const answer = await page.request.get(
      `${pgShop.url}/api/member/v3/product/share/1001/${product.productNo}/0`,
    );
    const body = (await answer.json()) as { code: number; data: { desc: string } };
    expect(body.code).toBe(0);
    expect(body.data.desc).toBe('今天的好物，闭眼入！');

    // Emptied, the default comes back.
    await field.fill('');
    await row.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('已恢复默认文案')).toBeVisible();
  });

  test('a freshly shared product’s share code resolves to the link naming the keeper', async ({
    pageAs,
    pgShop,
  }) => {
    const page = await pageAs('owner1001');
    const ownerId = await userId(pgShop.admin, demoPhones.owner1001);
    const shared = await page.request.get(
      `${pgShop.url}/api/member/v3/product/share/1001/${product.productNo}/0`,
    );
    const info = (await shared.json()) as {
      code: number;
      data: { shareCode: string; shareLink: string };
    };
    expect(info.code).toBe(0);

    // Anyone holding the code (here a visitor without a session) gets the keeper's link.
    const answer = await fetch(
      `${pgShop.url}/api/member/normal/share?shareCode=${info.data.shareCode}`,
    );
    const body = (await answer.json()) as {
      code: number;
      data: { shopId: string; contentType: number; link: string };
    };
    expect(body).toMatchObject({
      code: 0,
      data: { shopId: '1001', contentType: 6, link: info.data.shareLink },
    });
    const link = new URL(body.data.link);
    expect(link.searchParams.get('productNo')).toBe(product.productNo);
    expect(link.searchParams.get('distributorId')).toBe(String(ownerId));
  });

  test('editForward is for shop keepers', async ({ pageAs, pgShop }) => {
    const page = await pageAs('consumer');
    await page.goto(`${pgShop.url}/editForward?shopId=1001`);
    await expect(page.getByText('只有店主可以编辑转发文案')).toBeVisible();
  });
});
