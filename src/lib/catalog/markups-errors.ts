/**
 * The refusals of global-add-price. A markup refused for its value answers the specific text of
 * markups.ts (MarkupMessages, or the limit it is beyond) under these codes.
 */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const MarkupErrors = {
  /** Not whole, negative, or of both kinds (the message says which). */
  MARKUP_INVALID: { code: 49711, message: '加价设置不正确' },
  /** Beyond the platform's limit (the message names the limit). */
  MARKUP_BEYOND_LIMIT: { code: 49712, message: '加价超出平台上限' },
  MARKUP_SALE_NOT_FOUND: { code: 49713, message: '活动不存在或不属于本店' },
  MARKUP_SALE_ENDED: { code: 49714, message: '活动已结束，不能再设置加价' },
} as const satisfies Record<string, ErrorEntry>;
