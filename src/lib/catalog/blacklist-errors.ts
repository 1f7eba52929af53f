/** The refusals of hideProduct (the black list of hidden sales). */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const BlacklistErrors = {
  BLACKLIST_SALE_NOT_FOUND: { code: 49721, message: '活动不存在或不属于本店' },
  BLACKLIST_SALE_WITHDRAWN: { code: 49722, message: '活动已下架，无需隐藏' },
  BLACKLIST_ENTRY_NOT_FOUND: { code: 49723, message: '隐藏记录不存在' },
} as const satisfies Record<string, ErrorEntry>;
