import { and, eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { activities, products } from '#lib/platform/db/schema.ts';
import {
  productOnSaleAt,
  salePublished,
  saleEndedAt,
  saleNotEndedAt,
  saleRunningAt,
  saleUpcomingAt,
} from './filters.server.ts';
import { saleState, type SaleState } from './sale.ts';
import { ProductStatus, SaleStatus } from './status.ts';

let database: Database;
let sales: (typeof activities.$inferSelect)[];
beforeAll(async () => {
  database = await memoryDatabase();
  sales = await database.db.select().from(activities).where(eq(activities.shopId, '1001'));
});
afterAll(() => database.close());

async function matching(where: SQL): Promise<string[]> {
  const rows = await database.db
    .select({ activityNo: activities.activityNo })
    .from(activities)
    .where(and(salePublished('1001'), where));
  return rows.map((r) => r.activityNo).toSorted();
}

const withState = (state: SaleState, now: Date, pick = (s: SaleState) => s === state) =>
  sales
    .filter((s) => s.status === SaleStatus.Published && pick(saleState(s, now)))
    .map((s) => s.activityNo)
    .toSorted();

describe('catalogue predicates', () => {
  it('the seeded shop has upcoming, running and ended sales', () => {
    const states = new Set(sales.map((s) => saleState(s, SEED_NOW)));
    expect(states).toEqual(new Set(['upcoming', 'ongoing', 'ended']));
  });

  it('agree with saleState, also at the instants a sale starts and ends', async () => {
    const instants = [SEED_NOW, ...sales.slice(0, 4).flatMap((s) => [s.startAt, s.endAt])];
    for (const now of instants) {
      expect(await matching(saleRunningAt(now))).toEqual(withState('ongoing', now));
      expect(await matching(saleUpcomingAt(now))).toEqual(withState('upcoming', now));
      expect(await matching(saleEndedAt(now))).toEqual(withState('ended', now));
      expect(await matching(saleNotEndedAt(now))).toEqual(
        withState('ended', now, (s) => s !== 'ended'),
      );
    }
  });

  it('leave out a withdrawn sale and its products', async () => {
    const running = sales.find(
      (s) => s.status === SaleStatus.Published && saleState(s, SEED_NOW) === 'ongoing',
    )!;
    const onSale = async () =>
      (
        await database.db
          .select({ productNo: products.productNo })
          .from(products)
          .leftJoin(activities, eq(activities.id, products.activityId))
          .where(and(productOnSaleAt('1001', SEED_NOW), eq(products.activityId, running.id)))
      ).length;
    expect(await onSale()).toBeGreaterThan(0);
    await database.db
      .update(activities)
      .set({ status: SaleStatus.Withdrawn })
      .where(eq(activities.id, running.id));
    try {
      expect(await matching(saleRunningAt(SEED_NOW))).not.toContain(running.activityNo);
      expect(await onSale()).toBe(0);
    } finally {
      await database.db
        .update(activities)
        .set({ status: SaleStatus.Published })
        .where(eq(activities.id, running.id));
    }
  });

  it('leave out a withdrawn product', async () => {
    const [product] = await database.db
      .select()
      .from(products)
      .where(eq(products.shopId, '1001'))
      .limit(1);
    const isOnSale = async () =>
      (
        await database.db
          .select({ id: products.id })
          .from(products)
          .leftJoin(activities, eq(activities.id, products.activityId))
          .where(and(productOnSaleAt('1001', SEED_NOW), eq(products.id, product!.id)))
      ).length === 1;
    await database.db
      .update(products)
      .set({ status: ProductStatus.Withdrawn })
      .where(eq(products.id, product!.id));
    try {
      expect(await isOnSale()).toBe(false);
    } finally {
      await database.db
        .update(products)
        .set({ status: ProductStatus.Published })
        .where(eq(products.id, product!.id));
    }
  });
});
