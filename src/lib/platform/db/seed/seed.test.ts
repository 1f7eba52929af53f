import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase, queryRows } from '#tests/fixtures/db.ts';
import type { Database } from '../client.server.ts';
import * as t from '../schema.ts';
import { clearAll, isEmpty, reseedDemo } from './index.ts';

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
      .orderBy(t.users.phone, t.shopMembers.shopId);
    expect(rows).toEqual([
      { phone: '13800000001', shopId: '1001', role: 1, disabled: false, administrator: false },
      { phone: '13800000003', shopId: '1001', role: 3, disabled: false, administrator: false },
      { phone: '13800000004', shopId: '1001', role: 4, disabled: false, administrator: true },
      { phone: '13800000005', shopId: '1001', role: 5, disabled: false, administrator: false },
      { phone: '13800000006', shopId: '1002', role: 3, disabled: false, administrator: false },
      { phone: '13800000007', shopId: '1001', role: 3, disabled: true, administrator: false },
    ]);
    const [owner1001] = await database.db
      .select({ phone: t.users.phone })
      .from(t.shops)
      .innerJoin(t.users, eq(t.users.id, t.shops.ownerUserId))
      .where(eq(t.shops.id, '1001'));
    expect(owner1001!.phone).toBe('13800000003');
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
