/**
 * Money: integer cents end to end; shown as cents / 100 with 2 decimals (shell §9). What a price
 * is (markups, clamp, N件X折) is decided in catalog/pricing.ts.
 */

export function formatYuan(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
