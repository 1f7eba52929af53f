/**
 * The catalogue's predicates, written once: a published sale, running / upcoming / ended at an
 * instant (the SQL form of `saleState` in sale.ts, tested against it), a published product and a
 * product on sale. Every catalogue read filters through these.
 */
import { and, eq, gt, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { activities, brands, products, shops } from '#lib/platform/db/schema.ts';
import { ProductStatus, SaleStatus } from './status.ts';

/**
 * A product read (`db.select(…).from(products).$dynamic()`) joined with what the predicates and
 * prices name: its shop and brand, and its sale when it has one.
 */
export function withProductJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(activities, eq(activities.id, products.activityId));
}

/** A sale of the shop that the shop has not withdrawn. */
export function salePublished(shopId: string): SQL {
  return and(eq(activities.shopId, shopId), eq(activities.status, SaleStatus.Published))!;
}

/** saleState 'ongoing': start ≤ now < end. */
export function saleRunningAt(now: Date): SQL {
  return and(lte(activities.startAt, now), gt(activities.endAt, now))!;
}

/** saleState 'upcoming': now < start. */
export function saleUpcomingAt(now: Date): SQL {
  return gt(activities.startAt, now);
}

/** saleState 'ended': end ≤ now. */
export function saleEndedAt(now: Date): SQL {
  return lte(activities.endAt, now);
}

/** Upcoming or ongoing: now < end. */
export function saleNotEndedAt(now: Date): SQL {
  return gt(activities.endAt, now);
}

/** Flash-sale sessions have their own list (seckill-list); the other lists leave them out. */
export const notFlashSale: SQL = ne(activities.kind, 'seckill');

/** A product of the shop on its shelf. */
export function productPublished(shopId: string): SQL {
  return and(eq(products.shopId, shopId), eq(products.status, ProductStatus.Published))!;
}

/**
 * Buyable at `now` as far as its sale goes: in a published sale running at `now`, or in none
 * (products left-joined with activities).
 */
export function productSaleOpenAt(now: Date): SQL {
  return or(
    isNull(products.activityId),
    and(eq(activities.status, SaleStatus.Published), saleRunningAt(now)),
  )!;
}

/**
 * In no sale, or in a published one: a product of a hidden (hideProduct) or withdrawn sale is
 * shown nowhere, whatever its sale's window (products left-joined with activities).
 */
export const productSaleShown: SQL = or(
  isNull(products.activityId),
  eq(activities.status, SaleStatus.Published),
)!;

/** A published product of the shop that can be bought at `now`. */
export function productOnSaleAt(shopId: string, now: Date): SQL {
  return and(productPublished(shopId), productSaleOpenAt(now))!;
}
