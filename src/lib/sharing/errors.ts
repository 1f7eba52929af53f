/** Sharing: share info, share confirmations, forwarding texts, posters. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const SharingErrors = {
  SHARE_CONTENT_NOT_FOUND: { code: 40419, message: '分享内容不存在' },
} as const satisfies Record<string, ErrorEntry>;
