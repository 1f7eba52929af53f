/**
 * The versions a server holds in memory (decision 045) on PostgreSQL: a change made by another
 * process is heard through LISTEN, and a lost listening connection drops what was held and reads
 * the content version again, so nothing missed meanwhile is kept.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import { openDatabase, type Database } from '#lib/platform/db/client.server.ts';
import { cartItems, shops, skus, users } from '#lib/platform/db/schema.ts';
import {
  knownContentVersion,
  knownUserVersion,
  watchVersions,
} from '#lib/platform/versions.server.ts';
import { readVersions } from '#lib/identity/index.server.ts';
import { demoPhones } from '#demo/handles.ts';
import { TEST_DATABASE_URL, postgresDatabase, queryRows } from '../fixtures/db.ts';

/** The server's own database handle, and another process's. */
let server: Database;
let other: Database;
let stop: () => Promise<void>;

beforeAll(async () => {
  await (await postgresDatabase()).close();
  server = await bootDatabase({ url: TEST_DATABASE_URL });
  other = await openDatabase({ url: TEST_DATABASE_URL });
  stop = await watchVersions(server);
});
afterAll(async () => {
  await stop();
  await Promise.all([server.close(), other.close()]);
});

const userId = async (phone: string) =>
  (await other.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;

it('hears a change of content or of a user made by another process', async () => {
  expect(knownContentVersion()).toBe(await readContentVersion(other.db));
  const before = knownContentVersion()!;
  await other.db.update(shops).set({ noticeText: '公告' }).where(eq(shops.id, '1001'));
  await expect.poll(() => knownContentVersion()).toBe(before + 1);

  const id = await userId(demoPhones.consumer);
  const read = await readVersions(server.db, id);
  expect(knownUserVersion(id)).toBe(read.user);
  const [sku] = await other.db.select({ id: skus.id }).from(skus).limit(1);
  await other.db
    .insert(cartItems)
    .values({ shopId: '1001', userId: id, skuId: sku!.id, quantity: 1 });
  await expect.poll(() => knownUserVersion(id)).toBe(read.user! + 1);
  await other.db.update(shops).set({ noticeText: '' }).where(eq(shops.id, '1001'));
});

it('after the listening connection is lost, drops what it held and reads again', async () => {
  const id = await userId(demoPhones.consumer);
  await readVersions(server.db, id);
  expect(knownUserVersion(id)).not.toBeNull();
  const listening = await queryRows<{ pid: number }>(
    other,
    sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
  );
  expect(listening.length).toBeGreaterThan(0);
  await other.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
  );
  // Changed while nobody listened: the server learns of it once it listens again.
  await other.db.update(shops).set({ noticeText: '断线期间' }).where(eq(shops.id, '1001'));
  const now = await readContentVersion(other.db);
  await expect.poll(() => knownContentVersion(), { timeout: 5_000 }).toBe(now);
  // The users' versions held before were dropped: the next request reads them.
  expect(knownUserVersion(id)).toBeNull();
  await other.db.update(shops).set({ noticeText: '' }).where(eq(shops.id, '1001'));
});
