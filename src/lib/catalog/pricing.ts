/**
 * Prices as the shopper sees and pays them (DESIGN "One price"): pure, isomorphic rules. Every
 * read of the catalogue (cards, product page, search, structured data, cart) prices through
 * these; pricing.server.ts holds the same selling price as one SQL expression for sorting.
 */
import { insurancePremium } from '#lib/insurance/index.ts';
import { markupCents, type Markup } from './markups.ts';

/** The markups on a stored base price, decided on the server (global-add-price, markups.ts). */
export interface Markups {
  /** The shop's global markup. */
  global: Markup;
  /** The sale's markup (none for a product in no sale). */
  sale: Markup;
}

/** What each markup adds to one base price, in cents (stored on every order line). */
export function markupAmounts(
  baseCents: number,
  markups: Markups,
): { globalAddCents: number; saleAddCents: number } {
  return {
    globalAddCents: markupCents(baseCents, markups.global),
    saleAddCents: markupCents(baseCents, markups.sale),
  };
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
  const add = markupAmounts(stored.baseCents, markups);
  const priceCents = sellingPriceCents(stored.baseCents, add.globalAddCents, add.saleAddCents);
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

/**
 * Splits `totalCents` over weights in proportion, in whole cents that add up to the total exactly
 * (largest remainder; ties go to the earlier weight). All weights 0 split nothing: the total
 * goes to the first.
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? totalCents : 0));
  const exact = weights.map((w) => (totalCents * w) / sum);
  const shares = exact.map(Math.floor);
  let left = totalCents - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** A shop's freight: fixed per checkout, waived from a goods amount on (after promotions). */
export interface FreightRule {
  freightCents: number;
  freeOverCents: number;
}

/** The freight of a checkout whose goods come to `goodsAfterDiscountCents`. */
export function freightFor(rule: FreightRule, goodsAfterDiscountCents: number): number {
  return goodsAfterDiscountCents >= rule.freeOverCents ? 0 : rule.freightCents;
}

/** A line of a basket: pieces of one SKU at today's unit price, in a sale (with its rule) or not. */
export interface BasketLine {
  /** The caller's name for the line (a SKU number). */
  key: string;
  /** Lines of one sale share its N件X折 rule; null for a product in no sale. */
  saleKey: string | null;
  rule: NpieceRule | null;
  unitCents: number;
  quantity: number;
  /** Whether freight insurance may cover the line (insurance/rules.ts); true when absent. */
  insurable?: boolean;
  /** Whether the checkout's coupon applies to the line (coupons/rules.ts); true when absent. */
  couponEligible?: boolean;
}

export interface PricedLine {
  key: string;
  lineCents: number;
  promotionCents: number;
  couponCents: number;
  freightCents: number;
  /** The line's share of its order's freight insurance premium. */
  insuranceCents: number;
  /** lineCents - promotionCents - couponCents + freightCents + insuranceCents. */
  paidCents: number;
}

export interface PricedBasket {
  lines: PricedLine[];
  goodsCents: number;
  discountCents: number;
  couponCents: number;
  freightCents: number;
  insuranceCents: number;
  payCents: number;
}

/**
 * The N件X折 discount of one sale's lines, per line: every full group of N pieces is charged at
 * X tenths (rounded per group, as npieceTotalCents), the dearest pieces first, the rest at full
 * price. The discount is shared over the lines by the value of their discounted pieces.
 */
function npieceDiscounts(lines: readonly BasketLine[], rule: NpieceRule): number[] {
  const pieces = lines
    .flatMap((line, index) => Array.from({ length: line.quantity }, () => index))
    .sort((a, b) => lines[b]!.unitCents - lines[a]!.unitCents || a - b);
  const grouped = Math.floor(pieces.length / rule.pieces) * rule.pieces;
  let discount = 0;
  const value = lines.map(() => 0);
  for (let start = 0; start < grouped; start += rule.pieces) {
    const group = pieces.slice(start, start + rule.pieces);
    const prices = group.map((index) => lines[index]!.unitCents);
    discount += prices.reduce((a, b) => a + b, 0) - npieceTotalCents(rule, prices);
    for (const index of group) value[index]! += lines[index]!.unitCents;
  }
  return allocateCents(discount, value);
}

/**
 * Prices a checkout (DESIGN "One price"): each line's goods, its share of its sale's N件X折
 * discount, of the coupon (`couponCents`, shared over the lines it applies to by what is left to
 * pay for their goods), of the
 * freight (the shop's rule on the goods after discounts) and, when the shopper insures the
 * checkout (`insured`), of its order's freight insurance premium (each sale is one order and one
 * parcel: insurancePremium of that sale's goods after discounts and coupon, none when a line of
 * it is not insurable). The cart's total and the order use this one function, so what the cart
 * shows is what the order charges.
 */
export function priceBasket(
  lines: readonly BasketLine[],
  freight: FreightRule | null,
  couponCents = 0,
  insured = false,
): PricedBasket {
  const promotion = lines.map(() => 0);
  const bySale = new Map<string, number[]>();
  lines.forEach((line, index) => {
    if (line.saleKey === null || line.rule === null) return;
    bySale.set(line.saleKey, [...(bySale.get(line.saleKey) ?? []), index]);
  });
  for (const indexes of bySale.values()) {
    const rule = lines[indexes[0]!]!.rule!;
    const shares = npieceDiscounts(
      indexes.map((i) => lines[i]!),
      rule,
    );
    indexes.forEach((lineIndex, k) => (promotion[lineIndex] = shares[k]!));
  }
  const lineCents = lines.map((line) => line.unitCents * line.quantity);
  const afterPromotion = lineCents.map((cents, i) => cents - promotion[i]!);
  const goodsAfterPromotion = afterPromotion.reduce((a, b) => a + b, 0);
  // The coupon is shared over the lines it applies to, by what is left to pay for each.
  const couponBase = afterPromotion.map((cents, i) =>
    lines[i]!.couponEligible === false ? 0 : cents,
  );
  const coupon = Math.min(
    couponCents,
    couponBase.reduce((a, b) => a + b, 0),
  );
  const couponShares = coupon > 0 ? allocateCents(coupon, couponBase) : lines.map(() => 0);
  const freightCents =
    freight && lines.length > 0 ? freightFor(freight, goodsAfterPromotion - coupon) : 0;
  const freightShares = allocateCents(
    freightCents,
    afterPromotion.map((cents, i) => cents - couponShares[i]!),
  );
  const insurance = lines.map(() => 0);
  if (insured) {
    const byOrder = new Map<string, number[]>();
    lines.forEach((line, index) => {
      const key = line.saleKey ?? '';
      byOrder.set(key, [...(byOrder.get(key) ?? []), index]);
    });
    for (const indexes of byOrder.values()) {
      if (indexes.some((i) => lines[i]!.insurable === false)) continue;
      const goods = indexes.map((i) => afterPromotion[i]! - couponShares[i]!);
      const premium = insurancePremium(goods.reduce((a, b) => a + b, 0));
      allocateCents(premium, goods).forEach((share, k) => (insurance[indexes[k]!] = share));
    }
  }
  const priced = lines.map((line, i) => ({
    key: line.key,
    lineCents: lineCents[i]!,
    promotionCents: promotion[i]!,
    couponCents: couponShares[i]!,
    freightCents: freightShares[i]!,
    insuranceCents: insurance[i]!,
    paidCents: lineCents[i]! - promotion[i]! - couponShares[i]! + freightShares[i]! + insurance[i]!,
  }));
  const sum = (pick: (line: PricedLine) => number) =>
    priced.reduce((total, line) => total + pick(line), 0);
  return {
    lines: priced,
    goodsCents: sum((l) => l.lineCents),
    discountCents: sum((l) => l.promotionCents),
    couponCents: sum((l) => l.couponCents),
    freightCents: sum((l) => l.freightCents),
    insuranceCents: sum((l) => l.insuranceCents),
    payCents: sum((l) => l.paidCents),
  };
}
