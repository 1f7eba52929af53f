import { and, asc, eq, gt, lte } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase, SEED_NOW } from '#tests/fixtures/db.ts';
import { mediaId } from '#lib/media/images.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { activities, productImages, products } from '#lib/platform/db/schema.ts';
import {
  fingerprint,
  MAX_UPLOAD_BYTES,
  searchSimilar,
  similarity,
  UploadMessages,
} from './image-search.server.ts';
import { renderImage } from '#lib/media/images.server.ts';

let database: Database;
/** Products of shop 1001 on sale at the seed instant, with their main pictures in order. */
let onSale: { productNo: string; pictures: number[] }[];

beforeAll(async () => {
  database = await memoryDatabase();
  const rows = await database.db
    .select({ productNo: products.productNo, url: productImages.url })
    .from(products)
    .innerJoin(activities, eq(activities.id, products.activityId))
    .innerJoin(
      productImages,
      and(eq(productImages.productId, products.id), eq(productImages.kind, 'main')),
    )
    .where(
      and(
        eq(products.shopId, '1001'),
        lte(activities.startAt, SEED_NOW),
        gt(activities.endAt, SEED_NOW),
      ),
    )
    .orderBy(asc(products.productNo), asc(productImages.sort));
  const byProduct = new Map<string, number[]>();
  for (const row of rows) {
    byProduct.set(row.productNo, [...(byProduct.get(row.productNo) ?? []), mediaId(row.url)!]);
  }
  onSale = [...byProduct].map(([productNo, pictures]) => ({ productNo, pictures }));
});
afterAll(() => database.close());

/** What a shopper would upload: the shop's own picture as a raster file. */
async function rasterised(id: number, width: 400 | 800, accept = 'image/png') {
  const image = await renderImage(database.db, id, width, accept);
  return image!.bytes;
}

describe('fingerprints', () => {
  it('are the same for the same picture and differ for different ones', async () => {
    const [a, b] = onSale;
    const pa = await fingerprint(await rasterised(a!.pictures[0]!, 400));
    expect(similarity(pa, pa)).toBe(1);
    const pa800 = await fingerprint(await rasterised(a!.pictures[0]!, 800, 'image/webp'));
    const pb = await fingerprint(await rasterised(b!.pictures[0]!, 400));
    expect(similarity(pa, pa800)).toBeGreaterThan(0.95);
    expect(similarity(pa, pb)).toBeLessThan(similarity(pa, pa800));
  });
});

describe('searchSimilar', () => {
  it('ranks the product whose picture was uploaded first', async () => {
    expect(onSale.length).toBeGreaterThan(20);
    // Every product on sale, siblings drawn alike (same brand and outline, another label) included.
    for (const product of onSale) {
      const upload = await rasterised(product.pictures[0]!, 400);
      const results = await searchSimilar(database.db, '1001', upload, 5, SEED_NOW);
      expect(results[0]?.productNo).toBe(product.productNo);
      expect(results[0]?.score).toBeGreaterThan(0.95);
      expect(results).toHaveLength(5);
    }
  });

  it('finds a product by any of its main pictures, also from a lossy JPEG', async () => {
    const product = onSale[3]!;
    const jpeg = await sharp(await rasterised(product.pictures[1]!, 800))
      .jpeg({ quality: 60 })
      .toBuffer();
    const [first] = await searchSimilar(database.db, '1001', jpeg, 3, SEED_NOW);
    expect(first).toMatchObject({
      productNo: product.productNo,
      imageUrl: `/media/${product.pictures[0]}`,
    });
  });

  it("answers only the shop's own products on sale", async () => {
    const upload = await rasterised(onSale[0]!.pictures[0]!, 400);
    const all = await searchSimilar(database.db, '1001', upload, 1000, SEED_NOW);
    expect(all.map((r) => r.productNo).sort()).toEqual(onSale.map((p) => p.productNo));
    expect(await searchSimilar(database.db, '9999', upload, 5, SEED_NOW)).toEqual([]);
  });

  it('refuses an upload that is not a picture', async () => {
    const refusal = { code: 400, status: 400, message: UploadMessages.NOT_IMAGE };
    for (const upload of [
      new TextEncoder().encode('just some text, not a picture'),
      new Uint8Array(0),
      // SVG decodes, but it is a document with code in it, not a photo.
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
    ]) {
      await expect(searchSimilar(database.db, '1001', upload)).rejects.toMatchObject(refusal);
    }
    expect(UploadMessages.NOT_IMAGE).toBe('请上传图片文件');
  });

  it('refuses an upload above 5 MB before decoding it', async () => {
    const upload = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    upload.set(await rasterised(onSale[0]!.pictures[0]!, 400));
    await expect(searchSimilar(database.db, '1001', upload)).rejects.toMatchObject({
      code: 400,
      message: '图片不能超过5MB',
    });
  });

  it('refuses a picture of more than 40 megapixels', async () => {
    const upload = await sharp({
      create: { width: 8000, height: 5001, channels: 3, background: '#808080' },
    })
      .jpeg({ quality: 30 })
      .toBuffer();
    expect(upload.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    await expect(searchSimilar(database.db, '1001', upload)).rejects.toMatchObject({
      code: 400,
      message: UploadMessages.TOO_MANY_PIXELS,
    });
  });
});
