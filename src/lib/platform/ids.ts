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
