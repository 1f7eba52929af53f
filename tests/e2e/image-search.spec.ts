/**
 * Image search: one of the shop's own product pictures, uploaded from the page, ranks that product
 * first and links to it keeping the shop and the sharer; a file that is not a picture or is above
 * 5 MB is refused with a clear message, on the page and by the endpoint.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seedHandles } from '#demo/handles.ts';

const ENDPOINT = '/api/commodity/product/image-search';
const NOT_IMAGE = '请上传图片文件';
const TOO_LARGE = '图片不能超过5MB';
const SIX_MB = Buffer.alloc(6 * 1024 * 1024, 1);

interface Target {
  productNo: string;
  name: string;
  png: Buffer;
}

/**
 * A product of a running sale that is not the first of the shop (so ranking it first means
 * something), and its first main picture as a PNG, the way a shopper would have saved it.
 */
async function pickTarget(page: Page, request: APIRequestContext): Promise<Target> {
  const sale = seedHandles.shop1001.sales.senyeRunning;
  await page.goto(`/brand?activityNo=${sale.activityNo}&shopId=1001`);
  const link = page.locator('.grid a').nth(2);
  const productNo = new URL((await link.getAttribute('href'))!, 'http://x').searchParams.get(
    'productNo',
  )!;
  await page.goto(`/productDetail?productNo=${productNo}&shopId=1001`);
  const name = await page.getByRole('heading', { level: 1 }).innerText();
  const src = await page.locator('.gallery img').first().getAttribute('src');
  const id = /^\/img\/(\d+)\?w=800$/.exec(src ?? '')?.[1];
  expect(id, `first gallery picture: ${src}`).toBeTruthy();
  const picture = await request.get(`/img/${id}?w=400`, { headers: { accept: 'image/png' } });
  expect(picture.ok()).toBe(true);
  expect(picture.headers()['content-type']).toBe('image/png');
  return { productNo, name, png: await picture.body() };
}

let target: Target;

/** A flat blue picture: nothing like the shop's products. */
function plainPicture(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 200, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage({ baseURL: process.env.SHOP_URL! });
  target = await pickTarget(page, page.request);
  await page.close();
});

async function openPage(page: Page) {
  await page.goto('/img-search?shopId=1001&distributorId=77&channel=3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('拍照搜同款');
  // The island hydrates when it becomes visible, which it is at once.
  await page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .waitFor({ state: 'attached' });
}

test.describe('the image search page', () => {
  test('offers the camera and the album, both for pictures only', async ({ page }) => {
    await openPage(page);
    await expect(page.getByText('拍照', { exact: true })).toBeVisible();
    await expect(page.getByText('从相册选择', { exact: true })).toBeVisible();
    const camera = page.getByLabel('拍照', { exact: true });
    await expect(camera).toHaveAttribute('type', 'file');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await expect(camera).toHaveAttribute('capture', 'environment');
    const album = page.getByLabel('从相册选择');
    await expect(album).toHaveAttribute('accept', 'image/*');
    expect(await album.getAttribute('capture')).toBeNull();
  });

  test("one of the shop's own product pictures ranks that product first, linked with the shop and the sharer", async ({
    page,
  }) => {
    await openPage(page);
    await page
      .getByLabel('从相册选择')
      .setInputFiles({ name: 'saved.png', mimeType: 'image/png', buffer: target.png });
    await expect(page.getByRole('img', { name: '你选择的图片' })).toBeVisible();

    const results = page.locator('.is-grid li');
    // The first search of a fresh shop reads every product picture first: give it time.
    await expect(results.first()).toHaveAttribute('data-product-no', target.productNo, {
      timeout: 20_000,
    });
    expect(await results.count()).toBeGreaterThan(1);
    expect(await results.count()).toBeLessThanOrEqual(20);
    await expect(page.getByText('识别中…')).toHaveCount(0);

    const first = results.first().getByRole('link');
    await expect(first).toContainText(target.name);
    await expect(first.getByRole('img')).toHaveAttribute('src', /^\/img\/\d+\?w=400$/);
    const href = new URL((await first.getAttribute('href'))!, 'http://x');
    expect(href.pathname).toBe('/productDetail');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      productNo: target.productNo,
      shopId: '1001',
      distributorId: '77',
      channel: '3',
      refSpm: 'h5.img-search',
    });
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/productDetail\\?productNo=${target.productNo}&`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.name);
  });

  test('a text file is refused as not a picture, also when it claims to be one', async ({
    page,
  }) => {
    await openPage(page);
    const album = page.getByLabel('从相册选择');
    await album.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(page.locator('.is-error')).toHaveText(NOT_IMAGE);
    await expect(page.locator('#shell-toast')).toHaveText(NOT_IMAGE);

    // Named and typed as a picture: the server looks at the bytes and refuses it.
    const answer = page.waitForResponse((r) => r.url().includes(ENDPOINT));
    await album.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture either'),
    });
    expect((await answer).status()).toBe(400);
    await expect(page.locator('.is-error')).toHaveText(NOT_IMAGE);
    await expect(page.locator('.is-grid')).toHaveCount(0);
  });

  test('a picture above 5 MB is refused before it is sent', async ({ page }) => {
    await openPage(page);
    let asked = false;
    page.on('request', (r) => {
      if (r.url().includes(ENDPOINT)) asked = true;
    });
    await page
      .getByLabel('拍照', { exact: true })
      .setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: SIX_MB });
    await expect(page.locator('.is-error')).toHaveText(TOO_LARGE);
    await expect(page.locator('#shell-toast')).toHaveText(TOO_LARGE);
    expect(asked).toBe(false);
  });

  test('a picture like none of the products says so and suggests another', async ({ page }) => {
    await openPage(page);
    await page
      .getByLabel('拍照', { exact: true })
      .setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: await plainPicture() });
    await expect(page.getByText('没有找到相似的商品，换张图片试试')).toBeVisible();
    await expect(page.locator('.is-grid')).toHaveCount(0);
  });
});

test.describe(`POST ${ENDPOINT}`, () => {
  const url = `${ENDPOINT}?shopBizCode=1001`;

  test('answers the look-alikes of a product picture, that product first', async ({ request }) => {
    const response = await request.post(url, {
      data: target.png,
      headers: { 'content-type': 'image/png' },
    });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ code: 0, success: true });
    const items = body.data.items as { productNo: string; imageUrl: string; score: number }[];
    expect(items.length).toBeGreaterThan(1);
    expect(items.length).toBeLessThanOrEqual(20);
    expect(items[0]).toMatchObject({ productNo: target.productNo, name: target.name });
    expect(items[0]!.score).toBeGreaterThan(0.95);
    for (const item of items) expect(item.imageUrl).toMatch(/^\/media\/\d+$/);
    const scores = items.map((i) => i.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test('answers no products for a picture like none of them', async ({ request }) => {
    const response = await request.post(url, {
      data: await plainPicture(),
      headers: { 'content-type': 'image/png' },
    });
    expect(response.status()).toBe(200);
    expect((await response.json()).data).toEqual({ items: [] });
  });

  test('refuses a text body, an empty body and a body above 5 MB', async ({ request }) => {
    const cases: [Buffer, string, string][] = [
      [Buffer.from('just some text'), 'text/plain', NOT_IMAGE],
      [Buffer.from('just some text'), 'image/jpeg', NOT_IMAGE],
      [Buffer.alloc(0), 'image/png', NOT_IMAGE],
      [SIX_MB, 'image/jpeg', TOO_LARGE],
    ];
    for (const [data, type, message] of cases) {
      const response = await request.post(url, { data, headers: { 'content-type': type } });
      expect(response.status(), `${type} ${data.byteLength} B`).toBe(400);
      expect(await response.json()).toMatchObject({ code: 400, success: false, message });
    }
  });

  test('refuses a streamed body as soon as it passes 5 MB, and the refusal arrives', async ({
    baseURL,
  }) => {
    // No content-length: the server only learns the size by reading.
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${baseURL}${url}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'image/jpeg' },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: TOO_LARGE });
  });

  test('needs a known shop', async ({ request }) => {
    const headers = { 'content-type': 'image/png' };
    const missing = await request.post(ENDPOINT, { data: target.png, headers });
    expect(missing.status()).toBe(400);
    expect(await missing.json()).toMatchObject({ message: '缺少店铺编号' });
    const unknown = await request.post(`${ENDPOINT}?shopBizCode=9999`, {
      data: target.png,
      headers,
    });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: '店铺不存在' });
  });
});
