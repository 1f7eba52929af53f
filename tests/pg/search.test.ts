/**
 * Search on its index (decision 045) on PostgreSQL: the products.search_grams index finds exactly
 * what a plain substring match finds, in the same order, for terms of one, two and more
 * characters, brand names and mixed case (the unit suite checks the same on PGlite).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { searchProducts, type ProductSort } from '#lib/catalog/index.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { REFERENCE_KEYWORDS, plainSearch } from '../fixtures/search-reference.ts';

let database: Database;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
});
afterAll(() => database.close());

it('finds by substring exactly what the plain match finds, on its index', async () => {
  const now = new Date();
  const sorts: ProductSort[] = ['default', 'price-asc', 'sales'];
  for (const keyword of REFERENCE_KEYWORDS) {
    for (const sort of sorts) {
      const plain = await plainSearch(database.db, '1001', keyword, sort, now);
      const found = await searchProducts(database.db, '1001', { keyword, sort, pageSize: 50, now });
      expect(found.total, `${keyword} ${sort}`).toBe(plain.length);
      expect(
        found.items.map((p) => p.productNo),
        `${keyword} ${sort}`,
      ).toEqual(plain.slice(0, 50));
    }
  }
  expect((await plainSearch(database.db, '1001', '的', 'default', now)).length).toBeGreaterThan(10);
});

it('looks a two-character term up through the index', async () => {
  await database.db.execute(sql`analyze products`);
  // In one transaction (one connection of the pool): the setting holds for the explain.
  const plan = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(
      sql`explain select id from products where search_grams @> search_grams('羽绒')`,
    )) as unknown as { 'QUERY PLAN': string }[];
    return result.map((row) => row['QUERY PLAN']).join('\n');
  });
  expect(plan).toContain('products_search_grams_idx');
});
