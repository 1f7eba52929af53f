/**
 * Prices as the shopper pays them: the stored base price plus the shop's global markup and the
 * sale's markup (global-add-price). Computed here, never taken from a client.
 */
import { eq } from 'drizzle-orm';
import { sellingPriceCents } from '#lib/platform/money.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { activities, products, shops } from '#lib/platform/db/schema.ts';

export interface Markups {
  globalAddCents: number;
  activityAddCents: number;
}

export function applyMarkups(baseCents: number, markups: Markups): number {
  return sellingPriceCents(baseCents, markups.globalAddCents, markups.activityAddCents);
}

/** The selling price and market price of a product (its cheapest SKU), or null when unknown. */
export async function productPriceCents(
  db: DbOrTx,
  productNo: string,
): Promise<{ priceCents: number; marketPriceCents: number } | null> {
  const [row] = await db
    .select({
      priceCents: products.priceCents,
      marketPriceCents: products.marketPriceCents,
      globalAddCents: shops.globalAddPriceCents,
      activityAddCents: activities.addPriceCents,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(activities, eq(activities.id, products.activityId))
    .where(eq(products.productNo, productNo))
    .limit(1);
  if (!row) return null;
  const markups = {
    globalAddCents: row.globalAddCents,
    activityAddCents: row.activityAddCents ?? 0,
  };
  return {
    priceCents: applyMarkups(row.priceCents, markups),
    marketPriceCents: Math.max(row.marketPriceCents, applyMarkups(row.priceCents, markups)),
  };
}
