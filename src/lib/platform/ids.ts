/** Ids as URLs carry them: shop ids and row ids. Plain checks, browser-safe (no zod: id-schemas.ts). */

/** A shopId / shopBizCode as it may appear in a URL: letters, digits, _ and -, at most 32. */
export const SHOP_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export function isShopId(value: unknown): value is string {
  return typeof value === 'string' && SHOP_ID_PATTERN.test(value);
}

/**
 * The largest row id a URL may name. Ids are bigint columns read as JS numbers, so anything past
 * the largest safe integer would overflow the column or name another row once converted.
 */
export const MAX_ROW_ID = Number.MAX_SAFE_INTEGER;

/** A row id as a URL carries it (distributorId, twCode): decimal digits, from 1 to MAX_ROW_ID. */
export function isRowId(value: unknown): value is string {
  return typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) && Number(value) <= MAX_ROW_ID;
}
