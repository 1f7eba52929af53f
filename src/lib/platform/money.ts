/** Money: integer cents end to end; shown as cents / 100 with 2 decimals (shell §9). */

export function formatYuan(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The price a shopper pays for a SKU: its base price plus the shop's global markup and the
 * sale's markup, all decided on the server (global-add-price).
 */
export function sellingPriceCents(
  baseCents: number,
  globalAddCents: number,
  activityAddCents: number,
): number {
  return baseCents + globalAddCents + activityAddCents;
}

/** "3.5折" style discount of a price against its market price, or null when there is none. */
export function discountLabel(priceCents: number, marketCents: number): string | null {
  if (marketCents <= 0 || priceCents >= marketCents) return null;
  const tenths = Math.max(1, Math.round((priceCents / marketCents) * 100) / 10);
  return `${Number.isInteger(tenths) ? tenths.toFixed(0) : tenths.toFixed(1)}折`;
}
