/**
 * The order reads on an empty migrated database (PGlite): each read is scoped to its caller, hidden
 * orders disappear, tabs count and page, search finds by product name or order number, and a
 * distributor reads only the orders attributed to them with the buyer masked.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenMember,
  givenOrder,
  givenProduct,
  givenSale,
  givenShop,
  givenUser,
  type GivenShop,
} from '#tests/fixtures/given.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { OrderStatus, RefundStatus } from './status.ts';
import { sandboxTraces } from './logistics.server.ts';
import {
  isFirstOrder,
  listDistributorOrders,
  listOrders,
  pendingPaymentOrders,
  readDistributorOrder,
  readLogistics,
  readOrderDetail,
  readOrderGroup,
  readOrderGroupInfo,
  readOrderInfo,
  readOrderTrack,
  searchDistributorOrders,
  searchOrders,
} from './queries.server.ts';

const NOW = new Date('2026-11-23T06:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

let database: Database;
let shop: GivenShop;
let shopper: { id: number; phone: string };
let other: { id: number; phone: string };
let distributor: { id: number; phone: string };
/** The shopper's orders by name. */
const o: Record<string, { id: number; orderNo: string; groupId: number }> = {};
let pushed: { time: string; text: string }[] = [];

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  const db = database.db;
  shop = await givenShop(db);
  const sale = await givenSale(db, shop.shopId, { now: NOW });
  await givenProduct(db, sale);
  shopper = await givenUser(db, { nickname: '小鹿买买' });
  other = await givenUser(db);
  distributor = await givenMember(db, shop.shopId, { role: 3 });
  const order = (name: string, input: Partial<Parameters<typeof givenOrder>[1]>, at: number) =>
    givenOrder(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      createdAt: minutes(-100 + at),
      payDeadline: minutes(10),
      ...input,
    }).then((row) => (o[name] = row));
  // Oldest first, so the list reads them newest first.
  await order('completed', { status: 40, productName: '羊毛围巾', profitCents: 300 }, 1);
  await order('cancelled', { status: 50, productName: '真丝睡衣' }, 2);
  await order('shipped', { status: 30, productName: '羊绒大衣', distributorId: distributor.id }, 3);
  await order(
    'paid',
    { status: 20, productName: '纯棉T恤', distributorId: distributor.id, profitCents: 450 },
    4,
  );
  await order(
    'refund',
    { status: 20, refundStatus: RefundStatus.UnderReview, productName: '运动鞋' },
    5,
  );
  await order('expired', { status: 10, productName: '保温杯', payDeadline: minutes(-1) }, 6);
  await order('unpaid', { status: 10, productName: '羊毛袜', saleTitle: '品牌特卖' }, 7);
  await order('hidden', { status: 40, productName: '旧订单' }, 8);
  await db.update(t.orders).set({ hiddenByUser: true }).where(eq(t.orders.id, o['hidden']!.id));
  // Someone else's order in the same shop, attributed to the same distributor.
  o['others'] = await givenOrder(db, {
    shopId: shop.shopId,
    userId: other.id,
    status: 30,
    productName: '羊毛围巾',
    distributorId: distributor.id,
  });
  await db.insert(t.orderEvents).values([
    { orderId: o['shipped']!.id, kind: 'created', actor: 'shopper', createdAt: minutes(-97) },
    { orderId: o['shipped']!.id, kind: 'paid', actor: 'gateway', createdAt: minutes(-96) },
    {
      orderId: o['shipped']!.id,
      kind: 'shipped',
      actor: 'shop',
      note: '顺丰速运 SF1234567890',
      createdAt: minutes(-90),
    },
  ]);
  // What Kuaidi100 pushed by NOW: the sandbox's first five steps, newest first.
  pushed = sandboxTraces({
    carrier: 'SF',
    trackingNo: 'SF1234567890',
    shippedAt: new Date(NOW.getTime() - 30 * 3_600_000),
    fromCity: '广州市',
    to: { name: '', phone: '', province: '浙江省', city: '杭州市', district: '西湖区', detail: '' },
  })
    .slice(0, 5)
    .reverse();
  await db.insert(t.logistics).values({
    orderId: o['shipped']!.id,
    carrier: 'SF',
    company: '顺丰速运',
    trackingNo: 'SF1234567890',
    traces: pushed,
  });
  await db
    .update(t.orders)
    .set({ shippedAt: new Date(NOW.getTime() - 30 * 3_600_000) })
    .where(eq(t.orders.id, o['shipped']!.id));
});
afterAll(() => database.close());

const me = () => ({ userId: shopper.id, shopId: shop.shopId, now: NOW });

describe('the order list', () => {
  it('lists the shopper own visible orders newest first, with every tab count', async () => {
    const page = await listOrders(database.db, { ...me(), tab: 'all' });
    expect(page.list.map((x) => x.orderNo)).toEqual(
      ['unpaid', 'expired', 'refund', 'paid', 'shipped', 'cancelled', 'completed'].map(
        (n) => o[n]!.orderNo,
      ),
    );
    expect(page.total).toBe(7);
    expect(page.counts).toEqual({ unpaid: 2, unshipped: 2, shipped: 1, done: 1, refund: 1 });
    const unpaid = page.list[0]!;
    expect(unpaid).toMatchObject({
      status: OrderStatus.AwaitingPayment,
      statusText: '待付款',
      saleTitle: '品牌特卖',
      pieces: 1,
      payCents: 1990,
      actions: ['pay', 'cancel', 'changeAddress'],
    });
    expect(unpaid.lines[0]).toMatchObject({ productName: '羊毛袜', quantity: 1, paidCents: 1990 });
    expect(page.list[1]!.actions).toEqual(['cancel']);
  });

  it('filters by tab and pages', async () => {
    const refund = await listOrders(database.db, { ...me(), tab: 'refund' });
    expect(refund.list.map((x) => x.orderNo)).toEqual([o['refund']!.orderNo]);
    const unshipped = await listOrders(database.db, { ...me(), tab: 'unshipped' });
    expect(unshipped.total).toBe(2);
    const first = await listOrders(database.db, { ...me(), pageNum: 1, pageSize: 3 });
    const third = await listOrders(database.db, { ...me(), pageNum: 3, pageSize: 3 });
    expect(first.list).toHaveLength(3);
    expect(third.list.map((x) => x.orderNo)).toEqual([o['completed']!.orderNo]);
    expect(third.total).toBe(7);
    const beyond = await listOrders(database.db, { ...me(), pageNum: 9, pageSize: 3 });
    expect(beyond.list).toEqual([]);
  });

  it('shows another user nothing of the shopper', async () => {
    const page = await listOrders(database.db, { userId: other.id, shopId: shop.shopId, now: NOW });
    expect(page.list.map((x) => x.orderNo)).toEqual([o['others']!.orderNo]);
    expect(page.counts.shipped).toBe(1);
  });
});

describe('search', () => {
  it('finds own orders by a part of a product name or by the order number', async () => {
    const wool = await searchOrders(database.db, { ...me(), keyword: '羊毛' });
    expect(wool.list.map((x) => x.orderNo)).toEqual([
      o['unpaid']!.orderNo,
      o['completed']!.orderNo,
    ]);
    expect(wool.total).toBe(2);
    const byNo = await searchOrders(database.db, {
      ...me(),
      keyword: o['paid']!.orderNo.toLowerCase(),
    });
    expect(byNo.list.map((x) => x.orderNo)).toEqual([o['paid']!.orderNo]);
    expect((await searchOrders(database.db, { ...me(), keyword: '%' })).total).toBe(0);
    // Hidden orders and other users' orders are not found.
    expect((await searchOrders(database.db, { ...me(), keyword: '旧订单' })).total).toBe(0);
    const theirs = await searchOrders(database.db, { ...me(), keyword: o['others']!.orderNo });
    expect(theirs.total).toBe(0);
  });
});

describe('one order', () => {
  it('reads the detail with its timeline, amounts and parcel', async () => {
    const detail = await readOrderDetail(database.db, { ...me(), orderNo: o['shipped']!.orderNo });
    expect(detail).toMatchObject({
      status: 30,
      statusText: '待收货',
      actions: ['logistics', 'confirmReceipt'],
      address: { name: '鹿小姐', city: '杭州市' },
      discountCents: 0,
      couponCents: 0,
      serverNow: NOW.toISOString(),
      parcel: { company: '顺丰速运', trackingNo: 'SF1234567890' },
    });
    expect(detail.timeline.map((e) => e.text)).toEqual([
      '订单已提交',
      '支付成功，等待商家发货',
      '商家已发货：顺丰速运 SF1234567890',
    ]);
    expect(detail.parcel!.latest!.text).toBeTruthy();
    expect(Date.parse(detail.parcel!.latest!.time)).toBeLessThanOrEqual(NOW.getTime());
  });

  it('reads info, track, logistics and the group', async () => {
    const info = await readOrderInfo(database.db, { ...me(), orderNo: o['unpaid']!.orderNo });
    expect(info).toMatchObject({ status: 10, statusText: '待付款', payCents: 1990 });
    const track = await readOrderTrack(database.db, { ...me(), orderNo: o['shipped']!.orderNo });
    expect(track.timeline).toHaveLength(3);
    const parcel = await readLogistics(database.db, { ...me(), orderNo: o['shipped']!.orderNo });
    expect(parcel).toMatchObject({ carrier: 'SF', company: '顺丰速运', pieces: 1 });
    expect(parcel.traces).toEqual(pushed);
    const groupNo = (await readOrderDetail(database.db, { ...me(), orderNo: o['unpaid']!.orderNo }))
      .groupNo;
    const group = await readOrderGroup(database.db, { ...me(), groupNo });
    expect(group.orders.map((x) => x.orderNo)).toEqual([o['unpaid']!.orderNo]);
    const groupInfo = await readOrderGroupInfo(database.db, { ...me(), groupNo });
    expect(groupInfo).toMatchObject({
      status: 10,
      orderNos: [o['unpaid']!.orderNo],
      payCents: 1990,
    });
  });

  it('answers ORDER_NOT_FOUND for logistics of an order not shipped', async () => {
    await expect(
      readLogistics(database.db, { ...me(), orderNo: o['paid']!.orderNo }),
    ).rejects.toMatchObject({ code: 40411 });
  });

  it('answers ORDER_NOT_FOUND to every read of another user, as for a missing or hidden order', async () => {
    const stranger = { userId: other.id, shopId: shop.shopId, now: NOW };
    const orderNo = o['shipped']!.orderNo;
    const groupNo = (await readOrderDetail(database.db, { ...me(), orderNo })).groupNo;
    const reads = [
      readOrderDetail(database.db, { ...stranger, orderNo }),
      readOrderInfo(database.db, { ...stranger, orderNo }),
      readOrderTrack(database.db, { ...stranger, orderNo }),
      readLogistics(database.db, { ...stranger, orderNo }),
      readOrderGroup(database.db, { ...stranger, groupNo }),
      readOrderGroupInfo(database.db, { ...stranger, groupNo }),
      // The right user in another shop.
      readOrderDetail(database.db, { ...me(), shopId: '1', orderNo }),
      readOrderDetail(database.db, { ...me(), orderNo: 'T000000000' }),
      readOrderDetail(database.db, { ...me(), orderNo: o['hidden']!.orderNo }),
    ];
    for (const read of reads)
      await expect(read).rejects.toMatchObject({ code: 40411, message: '订单不存在' });
  });
});

describe('pending payment and first order', () => {
  it('lists only unpaid orders within their deadline', async () => {
    const pending = await pendingPaymentOrders(database.db, me());
    expect(pending.list.map((x) => x.orderNo)).toEqual([o['unpaid']!.orderNo]);
    expect(pending.total).toBe(1);
  });

  it('is a first order until one is paid', async () => {
    expect(await isFirstOrder(database.db, me())).toEqual({ isFirstOrder: false });
    const newcomer = await givenUser(database.db);
    await givenOrder(database.db, { shopId: shop.shopId, userId: newcomer.id, status: 10 });
    expect(await isFirstOrder(database.db, { userId: newcomer.id, shopId: shop.shopId })).toEqual({
      isFirstOrder: true,
    });
  });
});

describe('the distributor orders', () => {
  const mine = () => ({ distributorId: distributor.id, shopId: shop.shopId });

  it('lists only the orders attributed to them, the buyer masked, with the commission', async () => {
    const page = await listDistributorOrders(database.db, mine());
    expect(page.list.map((x) => x.orderNo).sort()).toEqual(
      [o['shipped']!.orderNo, o['paid']!.orderNo, o['others']!.orderNo].sort(),
    );
    const paid = page.list.find((x) => x.orderNo === o['paid']!.orderNo)!;
    expect(paid).toMatchObject({
      buyer: '小**',
      commissionCents: 450,
      canShip: false,
      payCents: 1990,
    });
    expect(JSON.stringify(page)).not.toContain(shopper.phone);
    expect(JSON.stringify(page)).not.toContain('鹿小姐');
    const tab = await listDistributorOrders(database.db, { ...mine(), tab: 'shipped' });
    expect(tab.total).toBe(2);
    const found = await searchDistributorOrders(database.db, { ...mine(), keyword: '纯棉' });
    expect(found.list.map((x) => x.orderNo)).toEqual([o['paid']!.orderNo]);
  });

  it('reads one order with the region only; others are not found', async () => {
    const detail = await readDistributorOrder(database.db, {
      ...mine(),
      orderNo: o['paid']!.orderNo,
    });
    expect(detail.address).toEqual({ province: '浙江省', city: '杭州市', district: '西湖区' });
    expect(detail.delivery).toBeNull();
    expect(JSON.stringify(detail)).not.toContain('文三路');
    expect(JSON.stringify(detail)).not.toContain('13800000001');
    await expect(
      readDistributorOrder(database.db, { ...mine(), orderNo: o['unpaid']!.orderNo }),
    ).rejects.toMatchObject({ code: 40411 });
  });

  it('a consumer has no promotion orders; the shop owner may ship a paid one', async () => {
    const consumer = { distributorId: shopper.id, shopId: shop.shopId };
    expect((await listDistributorOrders(database.db, consumer)).total).toBe(0);
    await expect(
      readDistributorOrder(database.db, { ...consumer, orderNo: o['paid']!.orderNo }),
    ).rejects.toMatchObject({ code: 40411 });
    const owner = { distributorId: shop.ownerId, shopId: shop.shopId };
    const detail = await readDistributorOrder(database.db, {
      ...owner,
      orderNo: o['paid']!.orderNo,
    });
    expect(detail.canShip).toBe(true);
    // The one who ships it reads the whole delivery to write the waybill.
    expect(detail.delivery).toMatchObject({ name: '鹿小姐', phone: '13800000001' });
    expect(detail.delivery!.detail).toContain('文三路');
    const shipped = await readDistributorOrder(database.db, {
      ...owner,
      orderNo: o['shipped']!.orderNo,
    });
    expect(shipped).toMatchObject({ canShip: false, parcel: { trackingNo: 'SF1234567890' } });
  });
});
