/**
 * Prices as the shopper sees and pays them (DESIGN "One price"): pure, isomorphic rules. Every
 * read of the catalogue (cards, product page, search, structured data, cart) prices through
 * these; pricing.server.ts holds the same selling price as one SQL expression for sorting.
 */

/** The markups added to a stored base price, decided on the server (global-add-price). */
export interface Markups {
  /** The shop's global markup. */
  globalAddCents: number;
  /** The sale's markup (0 for a product in no sale). */
  saleAddCents: number;
}

/** The price a shopper pays for a SKU: its base price plus the shop's and the sale's markups. */
export function sellingPriceCents(
  baseCents: number,
  globalAddCents: number,
  saleAddCents: number,
): number {
  return baseCents + globalAddCents + saleAddCents;
}

/** The market (list) price shown beside a selling price: never below it. */
export function clampedMarketPriceCents(marketCents: number, sellingCents: number): number {
  return Math.max(marketCents, sellingCents);
}

export interface Price {
  priceCents: number;
  /** Never below priceCents. */
  marketPriceCents: number;
}

/** A stored base and market price as the shopper sees them, markups applied and clamped. */
export function shopperPrice(
  stored: { baseCents: number; marketCents: number },
  markups: Markups,
): Price {
  const priceCents = sellingPriceCents(
    stored.baseCents,
    markups.globalAddCents,
    markups.saleAddCents,
  );
  return { priceCents, marketPriceCents: clampedMarketPriceCents(stored.marketCents, priceCents) };
}

/** "3.5折" style discount of a price against its market price, or null when there is none. */
export function discountLabel(priceCents: number, marketCents: number): string | null {
  if (marketCents <= 0 || priceCents >= marketCents) return null;
  const tenths = Math.max(1, Math.round((priceCents / marketCents) * 100) / 10);
  return `${Number.isInteger(tenths) ? tenths.toFixed(0) : tenths.toFixed(1)}折`;
}

/** An N件X折 sale's rule: N pieces at X tenths of their price (3, 7 = 3件7折). */
export interface NpieceRule {
  pieces: number;
  discountTenths: number;
}

/** A stored rule (jsonb) when it is a valid N件X折 rule, else null. */
export function asNpieceRule(value: unknown): NpieceRule | null {
  if (typeof value !== 'object' || value === null) return null;
  const { pieces, discountTenths } = value as Record<string, unknown>;
  return Number.isInteger(pieces) &&
    Number.isInteger(discountTenths) &&
    (pieces as number) > 0 &&
    (discountTenths as number) > 0 &&
    (discountTenths as number) < 10
    ? { pieces: pieces as number, discountTenths: discountTenths as number }
    : null;
}

/** 3件7折 */
export function ruleLabel(rule: NpieceRule): string {
  return `${rule.pieces}件${rule.discountTenths}折`;
}

/** What N pieces cost under the rule, in cents: the total at discountTenths / 10, rounded. */
export function npieceTotalCents(rule: NpieceRule, pricesCents: number[]): number {
  const total = pricesCents.reduce((sum, cents) => sum + cents, 0);
  return Math.round((total * rule.discountTenths) / 10);
}

/** A card's labels: its discount against the market price, then its sale's N件X折 rule. */
export function priceLabels(price: Price, rule: NpieceRule | null): string[] {
  const discount = discountLabel(price.priceCents, price.marketPriceCents);
  return [...(discount ? [discount] : []), ...(rule ? [ruleLabel(rule)] : [])];
}
