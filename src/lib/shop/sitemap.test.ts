import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { shopSitemap, sitemapIndex } from './sitemap.server.ts';

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
    const xml = await shopSitemap(database.db, 'https://shop.test', '1001', SEED_NOW);
    expect(xml).toContain('<loc>https://shop.test/index?shopId=1001</loc>');
    expect(xml).toContain('<loc>https://shop.test/brand?activityNo=A1001001&#38;shopId=1001</loc>');
    expect(xml).toContain('<loc>https://shop.test/brand?activityNo=A1001009&#38;shopId=1001</loc>');
    expect(xml).toContain(
      '<loc>https://shop.test/productDetail?productNo=P10010001&#38;shopId=1001</loc>',
    );
    // Ended sales and their products are not offered to search engines.
    expect(xml).not.toContain('activityNo=A1001012');
    expect(xml).not.toContain('productNo=P10010068');
    expect(xml).not.toContain('/login_web');
    expect(xml).not.toContain('shopId=1002');
  });
});
