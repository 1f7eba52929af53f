/** The schemas of ids in a request (ids.ts has the plain checks the browser uses). */
import { z } from 'zod';
import { Messages } from './errors.ts';
import { SHOP_ID_PATTERN, isRowId } from './ids.ts';

export const shopIdSchema = z
  .string({ error: Messages.SHOP_ID_REQUIRED })
  .trim()
  .min(1, Messages.SHOP_ID_REQUIRED)
  .regex(SHOP_ID_PATTERN, Messages.SHOP_ID_INVALID);

/** The schema of a row id in a URL, kept as its text; `message` when it is not one. */
export function rowIdSchema(message: string) {
  return z.string().refine(isRowId, message);
}
