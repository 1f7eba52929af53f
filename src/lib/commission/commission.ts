/**
 * A shop keeper's commission (decision 022): a rate in basis points of what the shopper paid for
 * the goods. The product page's 分享赚 and the commission recorded for an order line both come
 * from commissionCents, so the figure shown is the figure paid for a line bought at that price.
 */

/** Rates are basis points: 800 is 8%. The database refuses more than half the price. */
export const MAX_COMMISSION_RATE_BP = 5000;

/** The product's own rate when it has one, else its sale's, else none. */
export function commissionRateBp(
  product: { commissionRateBp: number | null },
  sale: { commissionRateBp: number } | null,
): number {
  return product.commissionRateBp ?? sale?.commissionRateBp ?? 0;
}

/** The commission on a paid goods amount, rounded down to the cent (never more than promised). */
export function commissionCents(goodsPaidCents: number, rateBp: number): number {
  if (!Number.isSafeInteger(goodsPaidCents) || goodsPaidCents <= 0) return 0;
  if (!Number.isInteger(rateBp) || rateBp <= 0) return 0;
  return Math.floor((goodsPaidCents * Math.min(rateBp, MAX_COMMISSION_RATE_BP)) / 10_000);
}

/** What a line paid for its goods: its paid amount without its freight and insurance shares. */
export function goodsPaidCents(line: {
  paidCents: number;
  freightCents: number;
  insuranceCents: number;
}): number {
  return line.paidCents - line.freightCents - line.insuranceCents;
}

/**
 * The commission left after part of a line is refunded: the rate applied to what the shopper
 * still paid for the goods (a refund takes goods money first, then freight and insurance).
 */
export function commissionAfterRefund(
  line: {
    paidCents: number;
    freightCents: number;
    insuranceCents: number;
    commissionRateBp: number;
  },
  refundedCents: number,
): number {
  const keptGoods = Math.max(0, goodsPaidCents(line) - Math.max(0, refundedCents));
  return commissionCents(keptGoods, line.commissionRateBp);
}
