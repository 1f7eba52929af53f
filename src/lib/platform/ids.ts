import { z } from 'zod';
import { Messages } from './errors.ts';

/** A shopId / shopBizCode as it may appear in a URL: letters, digits, _ and -, at most 32. */
export const SHOP_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export const shopIdSchema = z
  .string({ error: Messages.SHOP_ID_REQUIRED })
  .trim()
  .min(1, Messages.SHOP_ID_REQUIRED)
  .regex(SHOP_ID_PATTERN, Messages.SHOP_ID_INVALID);

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

/** The schema of a row id in a URL, kept as its text; `message` when it is not one. */
export function rowIdSchema(message: string) {
  return z.string().refine(isRowId, message);
}
