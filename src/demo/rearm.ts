/**
 * Keeps the demo's time-bound states alive on a database seeded days ago (decision 037). The seed
 * writes them relative to its `now`; the clock moves on, the order timer cancels the unpaid
 * order, the owner decides the refund, a host ends the room, upcoming rooms fall into the past.
 * At each start in demo mode this puts back one of each where none is left: an unpaid order of
 * the demo consumer and of each keeper's newest customer, a 仅退款 under review per demo shop, a
 * room live now per shop and kind, upcoming rooms in the future, and the lotteries' and the live
 * coupon's windows a month ahead. It only touches the demo shops' rows the seed named (demo
 * phones, L100x rooms, the seed's lotteries); every row it adds is written as the seed writes it
 * (orders.ts, payments.ts, distribution.ts), so the ledger stays balanced. Idempotent, under a
 * transaction lock: N processes starting together re-arm once.
 */
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { LiveStatus } from '#lib/live/index.ts';
import { streamOfUrl, streamPath } from '#lib/live/index.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/index.ts';
import type { Db, Tx } from '#lib/platform/db/client.server.ts';
import { LockClass, lockForTransaction } from '#lib/platform/db/locks.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import type { AddressSnapshot } from '#lib/platform/db/schema.ts';
import { KEEPER_1001, KEEPER_1002, seedCommission, type KeeperPlan } from './distribution.ts';
import { demoPhones } from './identity.ts';
import { LIVE_ROOMS, LIVE_ROOMS_1002 } from './live.ts';
import { LOTTERIES, LOTTERY_COUPONS } from './lottery.ts';
import { CONSUMER_ADDRESS, DEMO_ORDERS, insertDemoOrder, type DemoOrder } from './orders.ts';
import { seedPayments } from './payments.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A live room still running this long after it began was the seed's: it begins again. */
const STALE_LIVE_MS = 6 * HOUR;
/** Windows closer to their end than this are moved a month on. */
const WINDOW_MARGIN_MS = 7 * DAY;

/** An order the re-arm may place again: for whom, through which keeper, and what. */
interface RearmOrder {
  buyerPhone: string;
  keeperPhone: string | null;
  address: AddressSnapshot;
  order: Omit<DemoOrder, 'buyer' | 'distributor'>;
}

function keeperOrder(plan: KeeperPlan, keeperPhone: string, index: number): RearmOrder {
  const { customer, ...order } = plan.orders[index]!;
  const c = plan.customers[customer]!;
  return {
    buyerPhone: c.phone,
    keeperPhone,
    address: {
      name: c.nickname,
      phone: c.phone,
      province: '浙江省',
      city: '杭州市',
      district: plan.district,
      detail: `良渚街道 ${101 + index} 号`,
    },
    order: { ...order, placedHoursAgo: 0 },
  };
}

const indexOf = (plan: KeeperPlan, test: (o: KeeperPlan['orders'][number]) => boolean) =>
  plan.orders.findIndex(test);

/** The unpaid orders: the consumer's in 1001 and each keeper's newest customer's. */
const UNPAID: RearmOrder[] = [
  {
    buyerPhone: demoPhones.consumer,
    keeperPhone: null,
    address: CONSUMER_ADDRESS,
    order: DEMO_ORDERS.find((o) => o.status === OrderStatus.AwaitingPayment)!,
  },
  keeperOrder(
    KEEPER_1001,
    demoPhones.owner1001,
    indexOf(KEEPER_1001, (o) => o.status === OrderStatus.AwaitingPayment),
  ),
  keeperOrder(
    KEEPER_1002,
    demoPhones.owner1002,
    indexOf(KEEPER_1002, (o) => o.status === OrderStatus.AwaitingPayment),
  ),
];

/** A paid order with its first line under 仅退款 review, per demo shop, placed two hours ago. */
const REFUND_REVIEW: RearmOrder[] = [
  {
    buyerPhone: demoPhones.consumer,
    keeperPhone: demoPhones.owner1001,
    address: CONSUMER_ADDRESS,
    order: DEMO_ORDERS.find((o) => o.refundFirstLine)!,
  },
  keeperOrder(
    KEEPER_1002,
    demoPhones.owner1002,
    indexOf(KEEPER_1002, (o) => o.refundFirstLine === true),
  ),
].map((r) => ({ ...r, order: { ...r.order, placedHoursAgo: 2 } }));

/** The seed's rooms by number, with their planned state and time from the seed's now. */
const ROOMS = [
  ...LIVE_ROOMS.map((r, i) => ({ ...r, shopId: '1001', liveNo: `L1001${pad3(i + 1)}` })),
  ...LIVE_ROOMS_1002.map((r, i) => ({ ...r, shopId: '1002', liveNo: `L1002${pad3(i + 1)}` })),
];

function pad3(n: number): string {
  return String(n).padStart(3, '0');
}

/** What one re-arm put back, for the start's log line and for tests. */
export interface RearmReport {
  unpaidOrders: string[];
  refundReviews: string[];
  liveRooms: string[];
  upcomingRooms: string[];
  windows: number;
}

/** The seeded demo shops are there, each owned by its demo phone (nothing else is re-armed). */
export async function hasDemoShops(db: Db | Tx): Promise<boolean> {
  const rows = await db
    .select({ id: t.shops.id })
    .from(t.shops)
    .innerJoin(t.users, eq(t.users.id, t.shops.ownerUserId))
    .where(
      sql`(${t.shops.id}, ${t.users.phone}) in (('1001', ${demoPhones.owner1001}), ('1002', ${demoPhones.owner1002}))`,
    );
  return rows.length === 2;
}

export async function rearmDemo(db: Db, now = new Date()): Promise<RearmReport> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LockClass.demoRearm, 'demo');
    const report: RearmReport = {
      unpaidOrders: [],
      refundReviews: [],
      liveRooms: [],
      upcomingRooms: [],
      windows: 0,
    };
    const users = await usersByPhone(tx);
    for (const plan of UNPAID) {
      const buyerId = users.get(plan.buyerPhone);
      if (buyerId === undefined || (await hasOpenUnpaid(tx, plan.order.shopId, buyerId, now))) {
        continue;
      }
      const placed = await placeAgain(tx, now, plan, users);
      report.unpaidOrders.push(placed.orderNo);
    }
    for (const plan of REFUND_REVIEW) {
      if (!users.has(plan.buyerPhone) || (await hasReviewWaiting(tx, plan.order.shopId))) continue;
      const placed = await placeAgain(tx, now, plan, users);
      // Paid as the seed's orders are: in both books, with the keeper's pending commission.
      await seedPayments(tx, [placed.id]);
      await seedCommission(tx, now, [placed.id]);
      report.refundReviews.push(placed.orderNo);
    }
    await rearmRooms(tx, now, report);
    report.windows = await rearmWindows(tx, now);
    return report;
  });
}

async function usersByPhone(tx: Tx): Promise<Map<string, number>> {
  const phones = [
    ...Object.values(demoPhones),
    ...KEEPER_1001.customers.map((c) => c.phone),
    ...KEEPER_1002.customers.map((c) => c.phone),
  ];
  const rows = await tx
    .select({ id: t.users.id, phone: t.users.phone })
    .from(t.users)
    .where(inArray(t.users.phone, phones));
  return new Map(rows.map((r) => [r.phone!, r.id]));
}

async function hasOpenUnpaid(tx: Tx, shopId: string, userId: number, now: Date) {
  const [row] = await tx
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.shopId, shopId),
        eq(t.orders.userId, userId),
        eq(t.orders.status, OrderStatus.AwaitingPayment),
        gt(t.orders.payDeadline, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function hasReviewWaiting(tx: Tx, shopId: string) {
  const [row] = await tx
    .select({ id: t.afterSales.id })
    .from(t.afterSales)
    .where(and(eq(t.afterSales.shopId, shopId), eq(t.afterSales.status, RefundStatus.UnderReview)))
    .limit(1);
  return row !== undefined;
}

/** Places the planned order again, numbered after every demo order (D + shop + 8 digits). */
async function placeAgain(
  tx: Tx,
  now: Date,
  plan: RearmOrder,
  users: Map<string, number>,
): Promise<{ id: number; orderNo: string }> {
  const [last] = await tx
    .select({
      serial: sql<number>`coalesce(max(substring(${t.orders.orderNo} from 6)::int), 0)::int`,
    })
    .from(t.orders)
    .where(sql`${t.orders.orderNo} ~ '^D[0-9]{12}$'`);
  const serial = Number(last?.serial ?? 0) + 1;
  const id = await insertDemoOrder(tx, now, serial, plan.order, {
    buyerId: users.get(plan.buyerPhone)!,
    distributorId: plan.keeperPhone ? (users.get(plan.keeperPhone) ?? null) : null,
    address: plan.address,
  });
  return { id, orderNo: `D${plan.order.shopId}${String(serial).padStart(8, '0')}` };
}

/**
 * Per demo shop and kind of room: one live now (the seed's live room begins again when none is
 * live, or when it has been "live" since the seed), and upcoming rooms still ahead.
 */
async function rearmRooms(tx: Tx, now: Date, report: RearmReport): Promise<void> {
  const rows = await tx
    .select({
      id: t.liveRooms.id,
      liveNo: t.liveRooms.liveNo,
      shopId: t.liveRooms.shopId,
      liveType: t.liveRooms.liveType,
      liveStatus: t.liveRooms.liveStatus,
      startAt: t.liveRooms.startAt,
      streamUrl: t.liveRooms.streamUrl,
      replayUrl: t.liveRooms.replayUrl,
    })
    .from(t.liveRooms)
    .where(inArray(t.liveRooms.shopId, ['1001', '1002']));
  const stream = rows
    .map((r) => streamOfUrl(r.streamUrl) ?? streamOfUrl(r.replayUrl))
    .find((s) => s !== null);
  const at = (offset: number) => new Date(now.getTime() + offset);
  const setRoom = (id: number, values: Partial<typeof t.liveRooms.$inferInsert>) =>
    tx.update(t.liveRooms).set(values).where(eq(t.liveRooms.id, id));

  for (const plan of ROOMS) {
    const row = rows.find((r) => r.liveNo === plan.liveNo);
    if (!row) continue;
    const sameKind = rows.filter((r) => r.shopId === plan.shopId && r.liveType === plan.type);
    if (plan.status === LiveStatus.Living) {
      const living = sameKind.filter((r) => r.liveStatus === LiveStatus.Living);
      const stale =
        row.liveStatus === LiveStatus.Living &&
        now.getTime() - row.startAt.getTime() > STALE_LIVE_MS;
      if (living.length > 0 && !stale) continue;
      await setRoom(row.id, {
        liveStatus: LiveStatus.Living,
        startAt: at(plan.start),
        endAt: null,
        replayUrl: null,
        ...(stream ? { streamUrl: streamPath(stream.first, stream.count, 'live') } : {}),
      });
      Object.assign(row, { liveStatus: LiveStatus.Living, startAt: at(plan.start) });
      report.liveRooms.push(plan.liveNo);
    } else if (plan.status === LiveStatus.Preheat) {
      // Still upcoming but its time has passed: it moves ahead by its planned lead.
      if (row.liveStatus === LiveStatus.Preheat && row.startAt <= now) {
        await setRoom(row.id, { startAt: at(plan.start) });
        row.startAt = at(plan.start);
        report.upcomingRooms.push(plan.liveNo);
      }
    }
  }
  // A shop and kind the seed gave an upcoming room has one again when the host began them all.
  for (const plan of ROOMS.filter((r) => r.status === LiveStatus.Preheat)) {
    const ahead = rows.some(
      (r) =>
        r.shopId === plan.shopId &&
        r.liveType === plan.type &&
        r.liveStatus === LiveStatus.Preheat &&
        r.startAt > now,
    );
    const row = rows.find((r) => r.liveNo === plan.liveNo);
    if (ahead || !row || row.liveStatus === LiveStatus.Living) continue;
    await setRoom(row.id, {
      liveStatus: LiveStatus.Preheat,
      startAt: at(plan.start),
      endAt: null,
      streamUrl: null,
      replayUrl: null,
    });
    Object.assign(row, { liveStatus: LiveStatus.Preheat, startAt: at(plan.start) });
    report.upcomingRooms.push(plan.liveNo);
  }
}

/**
 * The demo lotteries, their own coupons and the live room's coupon popup stay open a month
 * ahead. Answers how many rows moved.
 */
async function rearmWindows(tx: Tx, now: Date): Promise<number> {
  const until = new Date(now.getTime() + 30 * DAY);
  const soon = new Date(now.getTime() + WINDOW_MARGIN_MS);
  const lotteries = await tx
    .update(t.lotteries)
    .set({ endsAt: until })
    .where(
      and(
        inArray(t.lotteries.lotteryNo, [LOTTERIES['1001'].lucky, LOTTERIES['1002'].lucky]),
        lt(t.lotteries.endsAt, soon),
      ),
    )
    .returning({ id: t.lotteries.id });
  const coupons = await tx
    .update(t.coupons)
    .set({ claimTo: until })
    .where(
      and(
        inArray(t.coupons.couponNo, [
          ...Object.values(LOTTERY_COUPONS['1001']),
          ...Object.values(LOTTERY_COUPONS['1002']),
        ]),
        lt(t.coupons.claimTo, soon),
      ),
    )
    .returning({ id: t.coupons.id });
  const popups = await tx
    .update(t.couponPopups)
    .set({ endsAt: until })
    .where(
      and(
        eq(t.couponPopups.shopId, '1001'),
        eq(t.couponPopups.liveNo, 'L1001001'),
        lt(t.couponPopups.endsAt, soon),
      ),
    )
    .returning({ id: t.couponPopups.id });
  return lotteries.length + coupons.length + popups.length;
}
