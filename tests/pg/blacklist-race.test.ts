/**
 * The manager taps 隐藏 on two phones at once, then 取消隐藏 on both: one black-list row is opened
 * and both answers name it; the undo publishes the sale once, and both answers name the ended row.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { activities, saleBlacklist, users } from '#lib/platform/db/schema.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';
import { hideSale, undoHide } from '#lib/catalog/blacklist.server.ts';
import { SaleStatus } from '#lib/catalog/status.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';

let database: Database;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
});
afterAll(() => database.close());

it('concurrent hides open one row, concurrent undos end it once', async () => {
  const db = database.db;
  const { activityNo } = seedHandles.shop1001.sales.liziRunning;
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, demoPhones.manager1001));
  const hide = () => hideSale(db, { shopId: '1001', activityNo, userId: manager!.id });
  const hidden = await Promise.all(Array.from({ length: 6 }, hide));
  expect(new Set(hidden.map((e) => e.id)).size).toBe(1);
  expect(hidden.every((e) => e.hidden)).toBe(true);
  const open = await db
    .select({ id: saleBlacklist.id })
    .from(saleBlacklist)
    .where(and(eq(saleBlacklist.shopId, '1001'), isNull(saleBlacklist.undoneAt)));
  expect(open).toHaveLength(1);

  const id = hidden[0]!.id;
  const undone = await Promise.all(
    Array.from({ length: 6 }, () => undoHide(db, { shopId: '1001', id, userId: manager!.id })),
  );
  expect(undone.every((e) => e.id === id && !e.hidden)).toBe(true);
  expect(new Set(undone.map((e) => e.undoneAt?.getTime())).size).toBe(1);
  const [sale] = await db
    .select({ status: activities.status })
    .from(activities)
    .where(eq(activities.activityNo, activityNo));
  expect(sale!.status).toBe(SaleStatus.Published);
});
