/**
 * The versions held in memory (decision 045) on the embedded database: a change is held by the
 * time the statement that made it returns, so the next request sees it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { readContentVersion } from './content-cache.server.ts';
import type { Database } from './db/client.server.ts';
import { cartItems, shops, skus, users } from './db/schema.ts';
import { knownContentVersion, knownUserVersion, watchVersions } from './versions.server.ts';
import { readVersions } from '#lib/identity/index.server.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';

const { shop1001 } = seedHandles;

let database: Database;
let stop: () => Promise<void>;
beforeAll(async () => {
  database = await memoryDatabase();
  stop = await watchVersions(database);
});
afterAll(async () => {
  await stop();
  await database.close();
});

async function userId(phone: string): Promise<number> {
  const [row] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, phone));
  return row!.id;
}

describe('versions held in memory', () => {
  it('holds the content version and follows every change as its statement returns', async () => {
    expect(knownContentVersion()).toBe(await readContentVersion(database.db));
    const before = knownContentVersion()!;
    await database.db.update(shops).set({ noticeText: '今日发货延迟' }).where(eq(shops.id, '1001'));
    expect(knownContentVersion()).toBe(before + 1);
    // In a transaction: at its commit.
    await database.db.transaction(async (tx) => {
      await tx.update(shops).set({ noticeText: '' }).where(eq(shops.id, '1001'));
      await tx
        .update(skus)
        .set({ priceCents: 12_300 })
        .where(eq(skus.skuNo, shop1001.sales.senyeRunning.products[0]!.skuNos[0]!));
    });
    expect(knownContentVersion()).toBe(await readContentVersion(database.db));
    expect(knownContentVersion()).toBeGreaterThan(before + 1);
  });

  it('holds a user version once read, and follows the user’s changes', async () => {
    const id = await userId(demoPhones.consumer);
    expect(knownUserVersion(id)).toBeNull();
    const read = await readVersions(database.db, id);
    expect(knownUserVersion(id)).toBe(read.user);
    expect(read.content).toBe(knownContentVersion());

    // A change to the cart raises the user's version at commit: held at once.
    const [sku] = await database.db.select({ id: skus.id }).from(skus).limit(1);
    await database.db
      .insert(cartItems)
      .values({ shopId: '1001', userId: id, skuId: sku!.id, quantity: 1 });
    expect(knownUserVersion(id)).toBe(read.user! + 1);
    expect((await readVersions(database.db, id)).user).toBe(read.user! + 1);
  });

  it('holds nothing once stopped: requests read the database again', async () => {
    const again = await watchVersions(database);
    await again();
    expect(knownContentVersion()).toBeNull();
    expect((await readVersions(database.db, null)).content).toBe(
      await readContentVersion(database.db),
    );
    stop = await watchVersions(database);
  });
});
