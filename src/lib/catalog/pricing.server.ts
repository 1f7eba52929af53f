/**
 * The pricing rules of pricing.ts where the database is: the columns a price is made of, the
 * selling price as one SQL expression (for sorting and filtering), and the price of a product or
 * a SKU. Computed here, never taken from a client.
 */
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { activities, products, shops, skus } from '#lib/platform/db/schema.ts';
import { withProductJoins } from './filters.server.ts';
import { shopperPrice, type Markups, type Price } from './pricing.ts';

/**
 * The markup columns; select them from products joined with shops and left-joined with
 * activities (a product in no sale has no sale markup).
 */
export const markupColumns = {
  globalAddCents: shops.globalAddPriceCents,
  globalAddBp: shops.globalAddPriceBp,
  saleAddCents: activities.addPriceCents,
  saleAddBp: activities.addPriceBp,
};

type MarkupRow = {
  globalAddCents: number;
  globalAddBp: number;
  saleAddCents: number | null;
  saleAddBp: number | null;
};

/** A product's listing price columns (its cheapest SKU's) with the markup columns. */
export const productPriceColumns = {
  baseCents: products.priceCents,
  marketCents: products.marketPriceCents,
  ...markupColumns,
};

/** The markups of a row selected with markupColumns. */
export function markupsOf(row: MarkupRow): Markups {
  return {
    global: { cents: row.globalAddCents, bp: row.globalAddBp },
    sale: { cents: row.saleAddCents ?? 0, bp: row.saleAddBp ?? 0 },
  };
}

/** The price of a row selected with productPriceColumns (or the like for a SKU). */
export function priceOf(row: MarkupRow & { baseCents: number; marketCents: number }): Price {
  return shopperPrice(row, markupsOf(row));
}

/**
 * sellingPriceCents of a product's listing price, in SQL, for ORDER BY and WHERE over products
 * joined with shops and left-joined with activities.
 */
export const sellingPriceSql: SQL<number> = sql<number>`(${products.priceCents} + ${markupCentsSql(products.priceCents, shops.globalAddPriceCents, shops.globalAddPriceBp)} + ${markupCentsSql(products.priceCents, sql`coalesce(${activities.addPriceCents}, 0)`, sql`coalesce(${activities.addPriceBp}, 0)`)})`;

/** markupCents of markups.ts in SQL: the fixed cents plus the percentage rounded half up. */
function markupCentsSql(base: SQLWrapper, cents: SQLWrapper, bp: SQLWrapper): SQL<number> {
  return sql<number>`(${cents} + (${base}::bigint * ${bp} + 5000) / 10000)`;
}

/** The selling price and market price of a product (its cheapest SKU), or null when unknown. */
export async function productPriceCents(db: DbOrTx, productNo: string): Promise<Price | null> {
  const [row] = await withProductJoins(db.select(productPriceColumns).from(products).$dynamic())
    .where(eq(products.productNo, productNo))
    .limit(1);
  return row ? priceOf(row) : null;
}

/**
 * A SKU's price columns with the markup columns; select them from skus joined with products and
 * shops and left-joined with activities.
 */
export const skuPriceColumns = {
  baseCents: skus.priceCents,
  marketCents: skus.marketPriceCents,
  ...markupColumns,
};
