import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { GET } from '../../pages/og/product/[productNo].png.ts';
import { formatYuan } from '#lib/platform/money.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { products, shops } from '#lib/platform/db/schema.ts';
import { fingerprint, similarity } from './image-search.server.ts';
import { getPublicMedia } from '#lib/media/media.server.ts';
import {
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
  previewSvg,
  productPreviewCard,
  renderProductPreview,
  wrapText,
} from './preview.server.ts';
import { productPriceCents } from './pricing.server.ts';
import { seedHandles } from '#demo/handles.ts';

const { shop1001, shop1002 } = seedHandles;

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

function get(productNo: string): Promise<Response> {
  const context = { params: { productNo }, locals: { database } };
  return Promise.resolve(GET(context as unknown as APIContext));
}

describe('productPreviewCard', () => {
  it('shows the name, the selling price and the first main picture', async () => {
    const card = await productPreviewCard(
      database.db,
      shop1001.sales.senyeRunning.products[0]!.productNo,
    );
    const price = await productPriceCents(
      database.db,
      shop1001.sales.senyeRunning.products[0]!.productNo,
    );
    expect(card).toMatchObject({
      name: expect.any(String),
      ...price,
      pictureId: expect.any(Number),
    });
    const svg = previewSvg(card!);
    expect(svg).toContain(`¥${formatYuan(price!.priceCents)}</text>`);
    expect(svg).toContain(`¥${formatYuan(price!.marketPriceCents)}</text>`);
  });

  it('follows the shop markup', async () => {
    const before = await productPreviewCard(
      database.db,
      shop1002.sales.hemuRunning.products[0]!.productNo,
    );
    await database.db.update(shops).set({ globalAddPriceCents: 1000 }).where(eq(shops.id, '1002'));
    const after = await productPreviewCard(
      database.db,
      shop1002.sales.hemuRunning.products[0]!.productNo,
    );
    expect(after!.priceCents).toBe(before!.priceCents + 1000);
    expect(previewSvg(after!)).toContain(`¥${formatYuan(before!.priceCents + 1000)}`);
  });

  it('knows no unknown or withdrawn product', async () => {
    expect(await productPreviewCard(database.db, 'P99999999')).toBeNull();
    await database.db
      .update(products)
      .set({ status: 0 })
      .where(eq(products.productNo, shop1001.sales.hemuEnded.products[4]!.productNo));
    expect(
      await productPreviewCard(database.db, shop1001.sales.hemuEnded.products[4]!.productNo),
    ).toBeNull();
  });
});

describe('renderProductPreview', () => {
  it('draws a 1200×630 PNG with the picture on the left', async () => {
    const png = await renderProductPreview(
      database.db,
      shop1001.sales.senyeRunning.products[1]!.productNo,
    );
    const meta = await sharp(png!).metadata();
    expect(meta).toMatchObject({ format: 'png', width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT });
    const card = await productPreviewCard(
      database.db,
      shop1001.sales.senyeRunning.products[1]!.productNo,
    );
    const picture = await getPublicMedia(database.db, card!.pictureId!);
    const left = await sharp(png!).extract({ left: 0, top: 0, width: 630, height: 630 }).toBuffer();
    expect(similarity(await fingerprint(left), await fingerprint(picture!.bytes))).toBeGreaterThan(
      0.9,
    );
  });

  it('renders a card once, and again when its price changes', async () => {
    const [a, b] = await Promise.all([
      renderProductPreview(database.db, shop1002.sales.hemuRunning.products[1]!.productNo),
      renderProductPreview(database.db, shop1002.sales.hemuRunning.products[1]!.productNo),
    ]);
    expect(a).toBe(b);
    expect(
      await renderProductPreview(database.db, shop1002.sales.hemuRunning.products[1]!.productNo),
    ).toBe(a);
    await database.db.update(shops).set({ globalAddPriceCents: 2000 }).where(eq(shops.id, '1002'));
    const repriced = await renderProductPreview(
      database.db,
      shop1002.sales.hemuRunning.products[1]!.productNo,
    );
    expect(repriced).not.toBe(a);
    expect(repriced).not.toEqual(a);
  });
});

describe('card text', () => {
  it('escapes the name', () => {
    const svg = previewSvg({
      name: 'A<b>&"c"',
      priceCents: 100,
      marketPriceCents: 100,
      pictureId: null,
    });
    expect(svg).toContain('A&#60;b&#62;&#38;&#34;c&#34;');
    expect(svg).not.toContain('line-through');
  });

  it('wraps Chinese names, balances the lines and cuts long ones with an ellipsis', () => {
    expect(wrapText('森野 轻量防风冲锋衣', 9.5, 3)).toEqual(['森野 轻量', '防风冲锋衣']);
    expect(wrapText('短名', 9.5, 3)).toEqual(['短名']);
    const long = wrapText('很'.repeat(40), 9.5, 3);
    expect(long).toHaveLength(3);
    expect(long[2]).toMatch(/…$/);
    expect(long[2]!.length).toBeLessThanOrEqual(9);
  });
});

describe('GET /og/product/{productNo}.png', () => {
  it('serves the card for an hour', async () => {
    const response = await get(shop1001.sales.senyeRunning.products[2]!.productNo);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
    });
    const meta = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 1200, height: 630 });
  });

  it('answers a plain 404 for an unknown or malformed product number', async () => {
    for (const productNo of ['P99999999', '../etc', '']) {
      const response = await get(productNo);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });
});
