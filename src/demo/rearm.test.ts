/**
 * The demo opened days after it was seeded (decision 037): the clock moves five days on, the
 * order timer cancels the unpaid orders, the owners decide the refunds, the host ends the room;
 * the re-arm at the next start puts one of each back, and each is actionable through the real
 * commands. Shop 1002's keeper has customers, income and a wallet from the seed on.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import { inProcessGateway, payAtGateway, type InProcessGateway } from '#tests/fixtures/payments.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { demoPhones } from './index.ts';
import { hasDemoShops, rearmDemo } from './rearm.ts';
import { reviewAfterSale } from '#lib/after-sales/after-sales.server.ts';
import { auditLedger } from '#lib/commission/ledger.server.ts';
import { readIncome } from '#lib/distribution/reports.server.ts';
import { listCustomers } from '#lib/distribution/customers.server.ts';
import { currentLive } from '#lib/live/room.server.ts';
import { endLive } from '#lib/live/host.server.ts';
import { livePlaylist, streamOfUrl } from '#lib/live/room-stream.ts';
import { LiveStatus, LiveType } from '#lib/live/status.ts';
import { lotteryConfig } from '#lib/lottery/lottery.server.ts';
import { cancelOrder } from '#lib/orders/commands.server.ts';
import { runOrderTimers } from '#lib/orders/timers.server.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/status.ts';
import { createPayment } from '#lib/payments/payments.server.ts';
import { RefundState } from '#lib/payments/status.ts';
import { WithdrawalStatus } from '#lib/distribution/status.ts';

const DAY = 86_400_000;
const LATER = new Date(SEED_NOW.getTime() + 5 * DAY);
const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

let database: Database;
let gateway: InProcessGateway;
beforeAll(async () => {
  database = await memoryDatabase();
  gateway = await inProcessGateway(database.db, { now: () => LATER });
});
afterAll(() => database.close());

async function userId(phone: string): Promise<number> {
  const [row] = await database.db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.phone, phone));
  return row!.id;
}

async function underReview(shopId: string) {
  return database.db
    .select({ afterSaleNo: t.afterSales.afterSaleNo, kind: t.afterSales.kind })
    .from(t.afterSales)
    .where(and(eq(t.afterSales.shopId, shopId), eq(t.afterSales.status, RefundStatus.UnderReview)));
}

async function openUnpaid(shopId: string, phone: string, now: Date) {
  const rows = await database.db
    .select({ orderNo: t.orders.orderNo, payDeadline: t.orders.payDeadline })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.shopId, shopId),
        eq(t.orders.userId, await userId(phone)),
        eq(t.orders.status, OrderStatus.AwaitingPayment),
      ),
    );
  return rows.filter((r) => r.payDeadline > now);
}

async function room(liveNo: string) {
  const [row] = await database.db.select().from(t.liveRooms).where(eq(t.liveRooms.liveNo, liveNo));
  return row!;
}

/** The owner approves a 仅退款 through the review command; the refund reaches the sandbox. */
async function approveAndRefund(shopId: string, owner: string, afterSaleNo: string, now: Date) {
  const view = await reviewAfterSale(database.db, gateway, {
    shopId,
    ownerId: await userId(owner),
    afterSaleNo,
    approve: true,
    now,
  });
  expect(view.status).toBe(RefundStatus.Approved);
  await vi.waitFor(async () => {
    const [refund] = await database.db
      .select({ state: t.refunds.status })
      .from(t.refunds)
      .where(eq(t.refunds.refundNo, `RA${afterSaleNo}`));
    expect(refund?.state).toBe(RefundState.Processing);
  });
}

describe('the demo re-armed', () => {
  it('changes nothing on a database just seeded', async () => {
    expect(await hasDemoShops(database.db)).toBe(true);
    expect(await rearmDemo(database.db, SEED_NOW)).toEqual({
      unpaidOrders: [],
      refundReviews: [],
      liveRooms: [],
      upcomingRooms: [],
      windows: 0,
    });
  });

  it('seeds a 仅退款 under review in each shop that its owner can approve', async () => {
    const [first] = await underReview('1001');
    expect(first).toEqual({ afterSaleNo: 'SD100100000003', kind: 'refund' });
    expect(await underReview('1002')).toEqual([{ afterSaleNo: 'SD100200000022', kind: 'refund' }]);
    await approveAndRefund('1001', demoPhones.owner1001, first!.afterSaleNo, SEED_NOW);
    expect(await underReview('1001')).toEqual([]);
    expect(await auditLedger(database.db)).toEqual([]);
  });

  it('gives shop 1002 its keeper business, live rooms and lottery', async () => {
    const keeper = await userId(demoPhones.owner1002);
    const scope = { shopId: '1002', userId: keeper };
    const customers = await listCustomers(database.db, {
      ...scope,
      keyword: '',
      pageNum: 1,
      pageSize: 20,
      now: SEED_NOW,
    });
    // Names masked as the customers page shows them.
    expect(customers.list.map((c) => c.name).sort()).toEqual(['何**', '橙**', '苏**'].sort());
    expect(customers.list.every((c) => c.bound)).toBe(true);
    const income = await readIncome(database.db, { ...scope, now: SEED_NOW });
    expect(income.pendingCents).toBeGreaterThan(0);
    expect(income.settledCents).toBeGreaterThan(0);
    expect(income.balances.availableCents).toBeGreaterThan(0);
    expect(income.balances.withdrawingCents).toBeGreaterThan(0);
    const withdrawals = await database.db
      .select({ status: t.withdrawals.status })
      .from(t.withdrawals)
      .where(eq(t.withdrawals.userId, keeper))
      .orderBy(t.withdrawals.id);
    expect(withdrawals.map((w) => w.status)).toEqual([
      WithdrawalStatus.PaidOut,
      WithdrawalStatus.Applied,
    ]);
    const statuses = await database.db
      .selectDistinct({ status: t.orders.status })
      .from(t.orders)
      .where(and(eq(t.orders.shopId, '1002'), eq(t.orders.distributorId, keeper)))
      .orderBy(t.orders.status);
    expect(statuses.map((s) => s.status)).toEqual([
      OrderStatus.AwaitingPayment,
      OrderStatus.Paid,
      OrderStatus.Shipped,
      OrderStatus.Completed,
    ]);
    expect(await currentLive(database.db, '1002')).toMatchObject({
      liveNo: 'L1002001',
      liveStatus: LiveStatus.Living,
    });
    expect((await room('L1002001')).streamUrl).toMatch(/^\/api\/live\/hls\/\d+-\d+\/live\.m3u8$/);
    expect((await room('L1002003')).replayUrl).toMatch(/\/vod\.m3u8$/);
    const lottery = await lotteryConfig(database.db, {
      shopId: '1002',
      userId: null,
      now: SEED_NOW,
    });
    expect(lottery!.prizes.map((p) => p.name)).toEqual([
      '3元无门槛券',
      '满59减8元券',
      '满199减30元券',
      '店铺通用券',
      '谢谢参与',
    ]);
    expect(await auditLedger(database.db)).toEqual([]);
  });

  it('five days on, puts back the unpaid orders, a refund to review, the live and upcoming rooms', async () => {
    // What the days did: the timer cancelled the unpaid orders, the host ended the live.
    await runOrderTimers(database.db, LATER);
    expect(await openUnpaid('1001', demoPhones.consumer, LATER)).toEqual([]);
    await endLive(database, {
      liveNo: 'L1001001',
      shopId: '1001',
      userId: await userId(demoPhones.owner1001),
      now: new Date(LATER.getTime() - DAY),
    });
    expect((await room('L1001002')).startAt < LATER).toBe(true);

    const report = await rearmDemo(database.db, LATER);
    expect(report.unpaidOrders).toHaveLength(3);
    // 1001's was approved; 1002's still waits, so it gets none.
    expect(report.refundReviews).toHaveLength(1);
    expect(report.liveRooms).toEqual(
      expect.arrayContaining(['L1001001', 'L1001005', 'L1001007', 'L1002001']),
    );
    expect(report.upcomingRooms).toEqual(
      expect.arrayContaining(['L1001002', 'L1001006', 'L1001009', 'L1002002']),
    );
    // Once is enough: a second start (or a second process) finds nothing to do.
    expect(await rearmDemo(database.db, LATER)).toEqual({
      unpaidOrders: [],
      refundReviews: [],
      liveRooms: [],
      upcomingRooms: [],
      windows: 0,
    });
    expect(await auditLedger(database.db)).toEqual([]);
  });

  it('the consumer’s unpaid order runs its countdown and can be paid', async () => {
    const [unpaid] = await openUnpaid('1001', demoPhones.consumer, LATER);
    expect(unpaid!.payDeadline.getTime() - LATER.getTime()).toBe(12 * 60_000);
    const consumer = await userId(demoPhones.consumer);
    const opened = await createPayment(database.db, gateway, {
      shopId: '1001',
      userId: consumer,
      orderNo: unpaid!.orderNo,
      channel: 'h5',
      userAgent: MOBILE_UA,
      clientIp: '127.0.0.1',
      successUrl: () => 'http://shop.test/success',
      origin: 'http://shop.test',
      now: LATER,
    });
    await payAtGateway(database.db, opened.paymentNo, { now: LATER });
    // Its TRANSACTION.SUCCESS (and the refunds' notices of the approvals before it).
    expect(await gateway.deliver(LATER)).toBeGreaterThanOrEqual(1);
    const [order] = await database.db
      .select({ status: t.orders.status })
      .from(t.orders)
      .where(eq(t.orders.orderNo, unpaid!.orderNo));
    expect(order!.status).toBe(OrderStatus.Paid);
  });

  it('the keeper customers’ unpaid orders can be cancelled', async () => {
    for (const [shopId, phone] of [
      ['1001', '13900001003'],
      ['1002', '13900002003'],
    ] as const) {
      const [unpaid] = await openUnpaid(shopId, phone, LATER);
      await cancelOrder(database.db, {
        shopId,
        userId: await userId(phone),
        orderNo: unpaid!.orderNo,
        reason: '我不想买了',
        now: LATER,
      });
      expect(await openUnpaid(shopId, phone, LATER)).toEqual([]);
    }
  });

  it('the re-armed refund is approved by the owner through the real command', async () => {
    const waiting = await underReview('1001');
    expect(waiting).toHaveLength(1);
    await approveAndRefund('1001', demoPhones.owner1001, waiting[0]!.afterSaleNo, LATER);
    expect(await auditLedger(database.db)).toEqual([]);
  });

  it('the rooms read as live and upcoming again, the stream sliding with the clock', async () => {
    const live = await room('L1001001');
    expect(live.liveStatus).toBe(LiveStatus.Living);
    expect(live.endAt).toBeNull();
    expect(live.startAt.getTime()).toBe(LATER.getTime() - 3_600_000);
    expect(await currentLive(database.db, '1001')).toMatchObject({
      liveNo: 'L1001001',
      liveType: LiveType.Normal,
    });
    const stream = streamOfUrl(live.streamUrl)!;
    expect(stream).not.toBeNull();
    const playlist = livePlaylist(stream.first, stream.count, LATER.getTime());
    expect(playlist).toContain(`#EXT-X-MEDIA-SEQUENCE:${LATER.getTime() / 2000 - 3}`);
    const upcoming = await database.db
      .select({ liveNo: t.liveRooms.liveNo, startAt: t.liveRooms.startAt })
      .from(t.liveRooms)
      .where(eq(t.liveRooms.liveStatus, LiveStatus.Preheat));
    expect(upcoming.length).toBeGreaterThanOrEqual(4);
    for (const r of upcoming) expect(r.startAt > LATER).toBe(true);
  });

  it('keeps the lotteries open a month on, and leaves a shop without its demo owner alone', async () => {
    const much = new Date(SEED_NOW.getTime() + 40 * DAY);
    const report = await rearmDemo(database.db, much);
    expect(report.windows).toBe(2 + 6 + 1);
    for (const shopId of ['1001', '1002']) {
      expect(await lotteryConfig(database.db, { shopId, userId: null, now: much })).not.toBeNull();
    }
    // A shop 1001 whose owner is not the demo phone is not the demo's.
    await database.db
      .update(t.users)
      .set({ phone: '13700000003' })
      .where(eq(t.users.phone, demoPhones.owner1001));
    expect(await hasDemoShops(database.db)).toBe(false);
    await database.db
      .update(t.users)
      .set({ phone: demoPhones.owner1001 })
      .where(inArray(t.users.phone, ['13700000003']));
  });
});
