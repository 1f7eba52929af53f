/**
 * The content version is raised at commit for stock moves (migration 0006): two orders of
 * different SKUs never wait on each other for it, and each visible move still raises it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { skus } from '#lib/platform/db/schema.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { seedHandles } from '#demo/handles.ts';

const { shop1001 } = seedHandles;

let database: Database;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
});
afterAll(() => database.close());

it('an open order holding one SKU does not hold up a stock move of another', async () => {
  const db = database.db;
  const setStock = (skuNo: string, stock: number) =>
    db.update(skus).set({ stock }).where(eq(skus.skuNo, skuNo));
  await setStock(shop1001.sales.senyeRunning.products[0]!.skuNos[0]!, 80);
  await setStock(shop1001.sales.senyeRunning.products[0]!.skuNos[1]!, 80);
  const before = await readContentVersion(db);

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let updated!: () => void;
  const firstUpdated = new Promise<void>((resolve) => (updated = resolve));
  const first = db.transaction(async (tx) => {
    await tx
      .update(skus)
      .set({ stock: 79 })
      .where(eq(skus.skuNo, shop1001.sales.senyeRunning.products[0]!.skuNos[0]!));
    updated();
    await held;
  });
  await firstUpdated;

  // The other order commits while the first is still open: it must not wait for it.
  const second = setStock(shop1001.sales.senyeRunning.products[0]!.skuNos[1]!, 79).then(
    () => 'done',
  );
  const outcome = await Promise.race([
    second,
    new Promise((resolve) => setTimeout(() => resolve('blocked'), 3000)),
  ]);
  release();
  await first;
  expect(outcome).toBe('done');
  // Both moves are below 100: each raised the version, at its commit.
  expect(await readContentVersion(db)).toBe(before + 2);
});
