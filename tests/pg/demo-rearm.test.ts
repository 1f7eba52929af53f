/**
 * The demo's re-arm at start on PostgreSQL (decision 037): a database seeded days ago, three
 * processes starting on it together in demo mode. The boot lock and the re-arm's own lock make
 * one re-arm: one unpaid order for each demo buyer, not three; the ledger balanced.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import { migrate, openDatabase, type Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { demoPhones, seedDemo } from '#demo/index.ts';
import { rearmDemo } from '#demo/rearm.ts';
import { auditLedger } from '#lib/commission/ledger.server.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/status.ts';
import { LiveStatus } from '#lib/live/status.ts';
import { SEED_NOW, TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';

const DAY = 86_400_000;
let admin: Database;
beforeAll(async () => {
  admin = await postgresDatabase();
  await migrate(admin);
  // Seeded days before the processes start (the real clock is after SEED_NOW).
  await seedDemo(admin.db, new Date(SEED_NOW.getTime() - 2 * DAY));
});
afterAll(() => admin.close());

async function openUnpaid(phone: string, now: Date): Promise<number> {
  const [row] = await admin.db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.orders)
    .innerJoin(t.users, eq(t.users.id, t.orders.userId))
    .where(
      and(
        eq(t.users.phone, phone),
        eq(t.orders.status, OrderStatus.AwaitingPayment),
        gt(t.orders.payDeadline, now),
      ),
    );
  return row!.n;
}

describe('the demo re-armed on PostgreSQL', () => {
  it('re-arms once when three processes start together', async () => {
    const booted = await Promise.all(
      Array.from({ length: 3 }, () => bootDatabase({ url: TEST_DATABASE_URL }, { rearm: true })),
    );
    try {
      const now = new Date();
      for (const phone of [demoPhones.consumer, '13900001003', '13900002003']) {
        expect(await openUnpaid(phone, now)).toBe(1);
      }
      const [waiting] = await admin.db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.afterSales)
        .where(eq(t.afterSales.status, RefundStatus.UnderReview));
      // The seed's two are still waiting: none added.
      expect(waiting!.n).toBe(2);
      const [live] = await admin.db
        .select({ startAt: t.liveRooms.startAt, status: t.liveRooms.liveStatus })
        .from(t.liveRooms)
        .where(eq(t.liveRooms.liveNo, 'L1001001'));
      expect(live!.status).toBe(LiveStatus.Living);
      expect(now.getTime() - live!.startAt.getTime()).toBeLessThan(2 * 3_600_000);
      expect(await auditLedger(admin.db)).toEqual([]);
    } finally {
      await Promise.all(booted.map((d) => d.close()));
    }
  });

  it('takes its own lock: concurrent re-arms outside the boot lock place one order each', async () => {
    const later = new Date(Date.now() + 3 * DAY);
    const others = await Promise.all(
      Array.from({ length: 3 }, () => openDatabase({ url: TEST_DATABASE_URL })),
    );
    try {
      const reports = await Promise.all(others.map((d) => rearmDemo(d.db, later)));
      expect(reports.flatMap((r) => r.unpaidOrders)).toHaveLength(3);
      expect(await openUnpaid(demoPhones.consumer, later)).toBe(1);
      expect(await auditLedger(admin.db)).toEqual([]);
    } finally {
      await Promise.all(others.map((d) => d.close()));
    }
  });
});
