/** The shop's refusals: an unknown or closed shop, an unknown skin. */
import { Messages, type ErrorEntry } from '#lib/platform/errors.ts';

export const ShopErrors = {
  SHOP_NOT_FOUND: { code: 404, message: Messages.SHOP_NOT_FOUND },
  SKIN_NOT_FOUND: { code: 404, message: '皮肤不存在' },
} as const satisfies Record<string, ErrorEntry>;
