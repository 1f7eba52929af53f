/**
 * 我的客户, 客户详情, 客户贡献 and 数据中心 on an empty migrated database (PGlite): customers
 * attributed to the keeper or buying through them, their orders and commission from the ledger,
 * visits and new customers per day; another keeper's customers, orders and visits never show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
  givenUser,
} from '#tests/fixtures/given.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { transferId } from '../commission/ledger.ts';
import { listCustomers, rankCustomers, readCustomer } from './customers.server.ts';
import { listShopDataOrders, readShopData } from './shop-data.server.ts';
import { givenSold, ledgerOf } from '#tests/fixtures/ledger.ts';

/** 14:00 in the shop, 23 November 2026. */
const NOW = new Date('2026-11-23T06:00:00Z');
const china = (local: string) => new Date(`${local}+08:00`);
const DAY = 86_400_000;

let database: Database;
let shopId: string;
let keeperId: number;
let otherId: number;
let c1: number;
let c2: number;
let c3: number;
let c4: number;

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  const db = database.db;
  const shop = await givenShop(db);
  shopId = shop.shopId;
  await givenProduct(db, await givenSale(db, shopId));
  keeperId = (await givenMember(db, shopId, { role: 3 })).id;
  otherId = (await givenMember(db, shopId, { role: 3 })).id;
  c1 = (await givenUser(db, { phone: '13712340001', nickname: '鹿小鹿' })).id;
  c2 = (await givenUser(db, { phone: '13712340002', nickname: '青青' })).id;
  c3 = (await givenUser(db, { phone: '13712340003', nickname: '阿三' })).id;
  c4 = (await givenUser(db, { phone: '13712340004', nickname: '阿四' })).id;
  const bind = (userId: number, distributorId: number, at: Date) =>
    db.insert(t.attributions).values({
      shopId,
      userId,
      distributorId,
      boundAt: at,
      expiresAt: new Date(at.getTime() + 30 * DAY),
    });
  await bind(c1, keeperId, china('2026-11-20T09:00:00'));
  await bind(c2, keeperId, china('2026-11-22T09:00:00'));
  await bind(c3, otherId, china('2026-11-01T09:00:00'));
  await bind(c4, otherId, china('2026-11-01T09:00:00'));

  const mine = await ledgerOf(db, shopId, keeperId);
  const sell = async (buyerId: number, cents: number, at: Date, keeper = keeperId) => {
    const sold = await givenSold(db, {
      shopId,
      keeperId: keeper,
      buyerId,
      priceCents: cents,
      profitCents: cents / 10,
      at,
    });
    const ledger = keeper === keeperId ? mine : await ledgerOf(db, shopId, keeper);
    await ledger.promise(sold.lineId, cents / 10, at);
    return sold;
  };
  const old = await sell(c1, 5000, china('2026-10-01T10:00:00'));
  await mine.settle(transferId.commission(old.lineId), china('2026-10-20T10:00:00'));
  await sell(c1, 10000, china('2026-11-21T10:00:00'));
  // c3 belongs to the other keeper but bought once through this one's link.
  await sell(c3, 3000, china('2026-11-22T10:00:00'));
  await sell(c4, 7000, china('2026-11-22T11:00:00'), otherId);
  // An order placed through the keeper and never paid: no contribution.
  await givenSold(db, {
    shopId,
    keeperId,
    buyerId: c2,
    priceCents: 9900,
    profitCents: 990,
    status: 10,
    at: china('2026-11-23T09:00:00'),
  });

  await db.insert(t.linkVisits).values([
    { shopId, distributorId: keeperId, day: '2026-11-23', visits: 5 },
    { shopId, distributorId: keeperId, day: '2026-11-20', visits: 3 },
    { shopId, distributorId: keeperId, day: '2026-11-01', visits: 40 },
    { shopId, distributorId: otherId, day: '2026-11-23', visits: 100 },
  ]);
});

afterAll(async () => {
  await database?.close();
});

const page = { pageNum: 1, pageSize: 20, now: NOW };

describe('我的客户', () => {
  it('lists the customers attributed to the keeper, newest first, masked, with what they bought', async () => {
    const result = await listCustomers(database.db, {
      shopId,
      userId: keeperId,
      keyword: '',
      ...page,
    });
    expect(result.total).toBe(2);
    expect(result.list).toEqual([
      {
        customerId: c2,
        name: '青**',
        phone: '137****0002',
        boundAt: china('2026-11-22T09:00:00').toISOString(),
        bound: true,
        orders: 0,
        paidCents: 0,
        commissionCents: 0,
      },
      {
        customerId: c1,
        name: '鹿**',
        phone: '137****0001',
        boundAt: china('2026-11-20T09:00:00').toISOString(),
        bound: true,
        orders: 2,
        paidCents: 15000,
        commissionCents: 1500,
      },
    ]);
  });

  it('finds a customer by the phone’s last four digits, the whole phone or the whole nickname', async () => {
    const search = async (keyword: string) =>
      (await listCustomers(database.db, { shopId, userId: keeperId, keyword, ...page })).list.map(
        (c) => c.customerId,
      );
    expect(await search('0001')).toEqual([c1]);
    expect(await search('13712340002')).toEqual([c2]);
    expect(await search('鹿小鹿')).toEqual([c1]);
    // Partial names and numbers would uncover what the masks hide.
    expect(await search('鹿')).toEqual([]);
    expect(await search('1371234')).toEqual([]);
    // The other keeper's customer is not found by this one.
    expect(await search('0004')).toEqual([]);
  });
});

describe('客户详情', () => {
  it('shows a customer’s orders through the keeper with their commission', async () => {
    const detail = await readCustomer(database.db, {
      shopId,
      userId: keeperId,
      customerId: c1,
      ...page,
    });
    expect(detail.customer).toMatchObject({ name: '鹿**', orders: 2, paidCents: 15000 });
    expect(detail.orders.map((o) => [o.payCents, o.commissionCents, o.statusText])).toEqual([
      [10000, 1000, '待发货'],
      [5000, 500, '待发货'],
    ]);
    expect(detail.total).toBe(2);
  });

  it('shows a buyer through the keeper who is bound to someone else', async () => {
    const detail = await readCustomer(database.db, {
      shopId,
      userId: keeperId,
      customerId: c3,
      ...page,
    });
    expect(detail.customer).toMatchObject({ boundAt: null, bound: false, orders: 1 });
  });

  it('answers another keeper’s customer, or nobody, like a missing one', async () => {
    for (const [userId, customerId] of [
      [keeperId, c4],
      [otherId, c1],
      [keeperId, 999_999],
      [keeperId, keeperId],
    ] as const) {
      await expect(
        readCustomer(database.db, { shopId, userId, customerId, ...page }),
      ).rejects.toMatchObject({ code: 40420, message: '客户不存在' });
    }
  });
});

describe('客户贡献', () => {
  it('ranks the customers of a period by what they paid or brought', async () => {
    const all = await rankCustomers(database.db, {
      shopId,
      userId: keeperId,
      period: 'all',
      sort: 'paid',
      now: NOW,
    });
    expect(all).toMatchObject({ customers: 2, paidCents: 18000, commissionCents: 1800 });
    expect(all.list.map((r) => [r.rank, r.name, r.paidCents, r.commissionCents])).toEqual([
      [1, '鹿**', 15000, 1500],
      [2, '阿**', 3000, 300],
    ]);
    const week = await rankCustomers(database.db, {
      shopId,
      userId: keeperId,
      period: '7',
      sort: 'commission',
      now: NOW,
    });
    expect(week.list.map((r) => [r.customerId, r.paidCents])).toEqual([
      [c1, 10000],
      [c3, 3000],
    ]);
    const theirs = await rankCustomers(database.db, {
      shopId,
      userId: otherId,
      period: 'all',
      sort: 'paid',
      now: NOW,
    });
    expect(theirs.list.map((r) => r.customerId)).toEqual([c4]);
  });
});

describe('数据中心', () => {
  it('counts visits, orders, sales and new customers per shop day', async () => {
    const data = await readShopData(database.db, {
      shopId,
      userId: keeperId,
      period: '7',
      now: NOW,
    });
    expect(data.days.map((d) => d.day)).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
    expect(data.days[3]).toEqual({
      day: '2026-11-20',
      visits: 3,
      orders: 0,
      salesCents: 0,
      newCustomers: 1,
    });
    expect(data.days[5]).toEqual({
      day: '2026-11-22',
      visits: 0,
      orders: 1,
      salesCents: 3000,
      newCustomers: 1,
    });
    expect(data.totals).toEqual({ visits: 8, orders: 2, salesCents: 13000, newCustomers: 2 });
    const month = await readShopData(database.db, {
      shopId,
      userId: keeperId,
      period: '30',
      now: NOW,
    });
    expect(month.days).toHaveLength(30);
    expect(month.totals).toEqual({ visits: 48, orders: 2, salesCents: 13000, newCustomers: 2 });
  });

  it('lists the latest orders paid through the keeper', async () => {
    const list = await listShopDataOrders(database.db, {
      shopId,
      userId: keeperId,
      period: '30',
      now: NOW,
    });
    expect(list.map((o) => [o.buyer, o.payCents, o.commissionCents])).toEqual([
      ['阿**', 3000, 300],
      ['鹿**', 10000, 1000],
    ]);
  });
});
