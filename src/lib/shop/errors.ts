/** The shop's refusals: an unknown or closed shop, an unknown skin. */
import { Messages, type ErrorEntry } from '#lib/platform/errors.ts';

export const ShopErrors = {
  SHOP_NOT_FOUND: { code: 404, message: Messages.SHOP_NOT_FOUND },
  SKIN_NOT_FOUND: { code: 404, message: '皮肤不存在' },
  /** Turning off the last way keepers are paid: they could not withdraw at all. */
  PAYOUT_WAY_REQUIRED: { code: 49630, message: '请至少保留一种提现方式' },
} as const satisfies Record<string, ErrorEntry>;
