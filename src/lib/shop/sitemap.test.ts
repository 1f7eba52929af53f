import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { seedHandles } from '#demo/handles.ts';
import { shopSitemap, sitemapIndex } from './ui/sitemap.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

describe('sitemaps', () => {
  it('index one sitemap per open shop', async () => {
    const xml = await sitemapIndex(database.db, 'https://shop.test');
    expect(xml).toContain('<loc>https://shop.test/sitemap.xml?shopId=1001</loc>');
    expect(xml).toContain('<loc>https://shop.test/sitemap.xml?shopId=1002</loc>');
  });

  it('list the marked pages, the running and upcoming sales and their products, always with the shop', async () => {
    const { senyeRunning, bailuUpcoming, senyeEnded } = seedHandles.shop1001.sales;
    const xml = await shopSitemap(database.db, 'https://shop.test', '1001', SEED_NOW);
    expect(xml).toContain('<loc>https://shop.test/index?shopId=1001</loc>');
    expect(xml).toContain(
      `<loc>https://shop.test/brand?activityNo=${senyeRunning.activityNo}&#38;shopId=1001</loc>`,
    );
    expect(xml).toContain(
      `<loc>https://shop.test/brand?activityNo=${bailuUpcoming.activityNo}&#38;shopId=1001</loc>`,
    );
    expect(xml).toContain(
      `<loc>https://shop.test/productDetail?productNo=${senyeRunning.products[0]!.productNo}&#38;shopId=1001</loc>`,
    );
    // Ended sales and their products are not offered to search engines.
    expect(xml).not.toContain(`activityNo=${senyeEnded.activityNo}`);
    expect(xml).not.toContain(`productNo=${senyeEnded.products[0]!.productNo}`);
    expect(xml).not.toContain('/login_web');
    expect(xml).not.toContain('shopId=1002');
  });
});
