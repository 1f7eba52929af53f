import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase, queryRows } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { BRANDS } from './catalog-data.ts';
import { clearAll, demoPhones, isEmpty, reseedDemo, seedHandles } from './index.ts';
import { DEMO_PLAN } from './plan.ts';
import { auditLedger, keeperBalances } from '#lib/commission/ledger.server.ts';
import { listBankCards } from '#lib/distribution/cards.server.ts';
import { listForReview } from '#lib/distribution/withdrawals.server.ts';
import { verifiedRealName } from '#lib/identity/real-name.server.ts';
import { MANAGER_1002 } from './membership.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

const count = async (table: PgTable, where?: SQL) => {
  const rows = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return rows[0]!.n;
};

describe('demo data', () => {
  it('seeds both shops with their owners and skins', async () => {
    const shops = await database.db.select().from(t.shops).orderBy(t.shops.id);
    expect(shops.map((s) => [s.id, s.name])).toEqual([
      ['1001', '小鹿优选'],
      ['1002', '橙子好物'],
    ]);
  });

  it('gives every demo phone its role', async () => {
    const rows = await database.db
      .select({
        phone: t.users.phone,
        shopId: t.shopMembers.shopId,
        role: t.shopMembers.role,
        disabled: t.shopMembers.distributorDisable,
        administrator: t.shopMembers.administrator,
      })
      .from(t.shopMembers)
      .innerJoin(t.users, eq(t.users.id, t.shopMembers.userId))
      // The demo phones (13800…); the shop keeper's other customers (13900…) are shoppers.
      .where(sql`${t.users.phone} like '138%'`)
      .orderBy(t.users.phone, t.shopMembers.shopId);
    expect(rows).toEqual([
      {
        phone: demoPhones.consumer,
        shopId: '1001',
        role: 1,
        disabled: false,
        administrator: false,
      },
      {
        phone: demoPhones.owner1001,
        shopId: '1001',
        role: 3,
        disabled: false,
        administrator: false,
      },
      {
        phone: demoPhones.manager1001,
        shopId: '1001',
        role: 4,
        disabled: false,
        administrator: true,
      },
      {
        phone: demoPhones.service1001,
        shopId: '1001',
        role: 5,
        disabled: false,
        administrator: false,
      },
      {
        phone: demoPhones.owner1002,
        shopId: '1002',
        role: 3,
        disabled: false,
        administrator: false,
      },
      {
        phone: demoPhones.disabledDistributor,
        shopId: '1001',
        role: 3,
        disabled: true,
        administrator: false,
      },
      {
        phone: MANAGER_1002.phone,
        shopId: '1002',
        role: 4,
        disabled: false,
        administrator: true,
      },
    ]);
    const [owner1001] = await database.db
      .select({ phone: t.users.phone })
      .from(t.shops)
      .innerJoin(t.users, eq(t.users.id, t.shops.ownerUserId))
      .where(eq(t.shops.id, '1001'));
    expect(owner1001!.phone).toBe(demoPhones.owner1001);
  });

  it('holds a believable catalogue: 6+ brands, 12+ sales in every state, 80+ products with SKUs', async () => {
    expect(await count(t.brands)).toBeGreaterThanOrEqual(6);
    expect(await count(t.activities)).toBeGreaterThanOrEqual(12);
    expect(await count(t.products, eq(t.products.shopId, '1001'))).toBeGreaterThanOrEqual(80);
    const now = SEED_NOW;
    expect(
      await count(t.activities, and(lte(t.activities.startAt, now), gt(t.activities.endAt, now))),
    ).toBeGreaterThan(0);
    expect(await count(t.activities, gt(t.activities.startAt, now))).toBeGreaterThan(0);
    expect(await count(t.activities, lte(t.activities.endAt, now))).toBeGreaterThan(0);
    // Every product has SKUs with sizes or colours, a picture, and stock somewhere.
    const bare = await queryRows(
      database,
      sql`select count(*)::int as n from products p where not exists (select 1 from skus s where s.product_id = p.id) or not exists (select 1 from product_images i where i.product_id = p.id)`,
    );
    expect(bare).toEqual([{ n: 0 }]);
    expect(await count(t.skus, gt(t.skus.stock, 0))).toBeGreaterThan(0);
    expect(await count(t.skus, eq(t.skus.stock, 0))).toBeGreaterThan(0);
  });

  it('prices a SKU no lower than zero and below its market price', async () => {
    const wrong = await count(
      t.skus,
      sql`${t.skus.priceCents} <= 0 or ${t.skus.priceCents} >= ${t.skus.marketPriceCents}`,
    );
    expect(wrong).toBe(0);
  });

  it('draws its own pictures as SVG media', async () => {
    const [row] = await database.db.select().from(t.media).limit(1);
    expect(row!.contentType).toBe('image/svg+xml');
    expect(new TextDecoder().decode(row!.bytes)).toMatch(/^<svg /);
  });

  it('has coupons, banners per location, one hot key of type 5 per shop, and live rooms in every state', async () => {
    expect(await count(t.coupons)).toBeGreaterThanOrEqual(5);
    for (const location of ['indexBanner', 'brandBanner', 'proDetailBanner']) {
      expect(await count(t.banners, eq(t.banners.location, location))).toBeGreaterThan(0);
    }
    expect(await count(t.hotSearchKeys, eq(t.hotSearchKeys.type, 5))).toBe(2);
    const states = await database.db
      .selectDistinct({ s: t.liveRooms.liveStatus })
      .from(t.liveRooms)
      .orderBy(t.liveRooms.liveStatus);
    expect(states.map((r) => r.s)).toEqual([10, 20, 30]);
  });

  it('names a seeded row with every handle', async () => {
    const shops = [seedHandles.shop1001, seedHandles.shop1002] as const;
    for (const shop of shops) {
      const sales = [
        ...Object.values(shop.sales),
        ...('seckillSessions' in shop
          ? [shop.freshPresale, shop.npieceSale, ...shop.seckillSessions]
          : []),
      ];
      for (const sale of sales) {
        const rows = await database.db
          .select({ productNo: t.products.productNo, name: t.products.name })
          .from(t.products)
          .innerJoin(t.activities, eq(t.activities.id, t.products.activityId))
          .where(
            and(eq(t.activities.activityNo, sale.activityNo), eq(t.activities.shopId, shop.shopId)),
          )
          .orderBy(t.products.productNo);
        expect(rows).toEqual(sale.products.map(({ productNo, name }) => ({ productNo, name })));
        for (const product of sale.products) {
          const skus = await database.db
            .select({ no: t.skus.skuNo })
            .from(t.skus)
            .innerJoin(t.products, eq(t.products.id, t.skus.productId))
            .where(eq(t.products.productNo, product.productNo))
            .orderBy(t.skus.skuNo);
          expect(skus.map((s) => s.no)).toEqual(product.skuNos);
        }
      }
      for (const tagNo of Object.values(shop.tags)) {
        expect(await count(t.activityTags, eq(t.activityTags.tagNo, tagNo))).toBe(1);
      }
      for (const couponNo of Object.values(shop.coupons)) {
        expect(await count(t.coupons, eq(t.coupons.couponNo, couponNo))).toBe(1);
      }
    }
    for (const venue of Object.values(seedHandles.shop1001.venues)) {
      expect(await count(t.venues, eq(t.venues.venueNo, venue.venueNo))).toBe(1);
    }
  });

  it('prices an upcoming sale of a running brand below today’s sale: never the same offer twice', async () => {
    const priceOf = async (productNo: string) => {
      const [row] = await database.db
        .select({ price: t.products.priceCents })
        .from(t.products)
        .where(eq(t.products.productNo, productNo));
      return row!.price;
    };
    const upcoming = DEMO_PLAN.brandSales.filter((s) => s.state === 'upcoming');
    let compared = 0;
    for (const sale of upcoming) {
      const running = DEMO_PLAN.brandSales.find(
        (s) => s.state === 'ongoing' && s.shopId === sale.shopId && s.brand === sale.brand,
      );
      for (const product of running ? sale.products : []) {
        const today = running!.products.find((p) => p.name === product.name)!;
        expect(await priceOf(product.productNo)).toBeLessThan(await priceOf(today.productNo));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('draws every product as its own kind of thing', () => {
    const lines = [
      ...BRANDS.flatMap((b) => b.lines),
      ...DEMO_PLAN.freshPresale.products.map((p) => p.line),
      ...DEMO_PLAN.npieceSale.products.map((p) => p.line),
    ];
    const shapeOf = (name: string) => lines.find((l) => l.name === name)!.shape;
    expect(shapeOf('速干弹力徒步裤')).toBe('trousers');
    expect(shapeOf('弹力修身牛仔裤')).toBe('trousers');
    expect(shapeOf('赣南脐橙')).toBe('fruit');
    expect(shapeOf('阳澄湖大闸蟹礼盒')).toBe('giftbox');
    expect(shapeOf('云南高山蓝莓')).toBe('berries');
    expect(shapeOf('真皮腰带')).toBe('belt');
    // Trousers are drawn as trousers, and no bag shape is anything but a bag.
    for (const line of lines) {
      if (/裤$/.test(line.name)) expect(line.shape).toBe('trousers');
      if (line.shape === 'bag') expect(line.name).toMatch(/包/);
    }
  });

  it('gives shop keeper 13800000003 customers, commission pending and settled, a card and withdrawals, in a sound ledger', async () => {
    const [keeper] = await database.db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.phone, demoPhones.owner1001));
    const balances = await keeperBalances(database.db, '1001', keeper!.id);
    expect(balances.pendingCents).toBeGreaterThan(0);
    expect(balances.availableCents).toBeGreaterThan(0);
    expect(balances.withdrawingCents).toBeGreaterThan(0);
    expect(await count(t.attributions, eq(t.attributions.distributorId, keeper!.id))).toBe(4);
    const statuses = await database.db
      .select({ status: t.withdrawals.status })
      .from(t.withdrawals)
      .where(eq(t.withdrawals.userId, keeper!.id))
      .orderBy(t.withdrawals.id);
    expect(statuses.map((w) => w.status)).toEqual([30, 50, 10]);
    expect(await count(t.bankCards, eq(t.bankCards.userId, keeper!.id))).toBe(1);
    const settled = await count(t.ledgerTransfers, eq(t.ledgerTransfers.kind, 'post'));
    expect(settled).toBeGreaterThan(0);
    expect(await auditLedger(database.db)).toEqual([]);
  });

  it('holds each owner’s card in their verified real name, and has every demo reviewer something to decide', async () => {
    const db = database.db;
    for (const [shopId, phone, name, manager] of [
      ['1001', demoPhones.owner1001, '林店主', demoPhones.manager1001],
      ['1002', demoPhones.owner1002, '陈店主', MANAGER_1002.phone],
    ] as const) {
      const [owner] = await db.select().from(t.users).where(eq(t.users.phone, phone));
      const [managerRow] = await db.select().from(t.users).where(eq(t.users.phone, manager));
      expect(await verifiedRealName(db, owner!.id)).toBe(name);
      const cards = await listBankCards(db, owner!.id);
      expect(cards.map((c) => [c.holderName, c.status])).toEqual([[name, 'bound']]);
      // The owner's own withdrawals were decided by the manager; one waits for the manager.
      const own = await db.select().from(t.withdrawals).where(eq(t.withdrawals.userId, owner!.id));
      for (const w of own)
        expect(w.reviewedBy === null || w.reviewedBy === managerRow!.id).toBe(true);
      const forManager = await listForReview(db, {
        shopId,
        reviewerId: managerRow!.id,
        status: 'waiting',
      });
      expect(forManager.waiting).toBe(1);
      expect(forManager.list.map((w) => w.keeper)).toEqual([name]);
      // The owner decides another keeper's withdrawal, never their own.
      const forOwner = await listForReview(db, {
        shopId,
        reviewerId: owner!.id,
        status: 'all',
      });
      expect(forOwner.waiting).toBe(1);
      expect(forOwner.list.map((w) => w.keeper)).not.toContain(name);
    }
    expect(await auditLedger(db)).toEqual([]);
  });

  it('empties every table with clearAll', async () => {
    const scratch = await memoryDatabase();
    await clearAll(scratch.db);
    expect(await isEmpty(scratch.db)).toBe(true);
    expect(await queryRows(scratch, sql`select count(*)::int as n from skus`)).toEqual([{ n: 0 }]);
    await scratch.close();
  });

  it('rebuilds the same data with reseedDemo (npm run db:seed)', async () => {
    const snapshot = async () => ({
      products: await database.db
        .select({
          no: t.products.productNo,
          name: t.products.name,
          price: t.products.priceCents,
          market: t.products.marketPriceCents,
          activity: t.products.activityId,
        })
        .from(t.products)
        .orderBy(t.products.productNo),
      skus: await database.db
        .select({
          no: t.skus.skuNo,
          color: t.skus.color,
          size: t.skus.size,
          stock: t.skus.stock,
          price: t.skus.priceCents,
        })
        .from(t.skus)
        .orderBy(t.skus.skuNo),
      activities: await database.db
        .select({
          no: t.activities.activityNo,
          start: t.activities.startAt,
          end: t.activities.endAt,
        })
        .from(t.activities)
        .orderBy(t.activities.activityNo),
      members: await database.db
        .select()
        .from(t.shopMembers)
        .orderBy(t.shopMembers.shopId, t.shopMembers.userId),
      coupons: await database.db
        .select({ no: t.coupons.couponNo, issued: t.coupons.issued })
        .from(t.coupons)
        .orderBy(t.coupons.couponNo),
    });
    const before = await snapshot();
    await reseedDemo(database.db, SEED_NOW);
    const after = await snapshot();
    expect(after.products).toEqual(before.products);
    expect(after.skus).toEqual(before.skus);
    expect(after.activities).toEqual(before.activities);
    expect(after.coupons).toEqual(before.coupons);
    expect(after.members.map(({ createdAt: _c, ...m }) => m)).toEqual(
      before.members.map(({ createdAt: _c, ...m }) => m),
    );
  });
});
