import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '../../../../tests/fixtures/db.ts';
import type { Database } from '../db/client.ts';
import { shopSitemap, sitemapIndex } from './sitemap.ts';

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

  it('list the shop pages the route table marks, always with the shop', () => {
    const xml = shopSitemap('https://shop.test', '1002');
    expect(xml).toContain('<loc>https://shop.test/index?shopId=1002</loc>');
    expect(xml).not.toContain('/login_web');
    expect(xml).not.toContain('/wallet');
  });
});
