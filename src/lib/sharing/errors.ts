/** Sharing: share info, share confirmations, forwarding texts, posters. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const SharingErrors = {
  SHARE_CONTENT_NOT_FOUND: { code: 40419, message: '分享内容不存在' },
  FORWARD_TEXT_EMPTY: { code: 48001, message: '请输入转发文案' },
  FORWARD_TEXT_TOO_LONG: { code: 48002, message: '转发文案最多100个字' },
  FORWARD_TYPE_INVALID: { code: 48003, message: '该内容不支持编辑转发文案' },
  SHARE_TYPE_INVALID: { code: 48004, message: '分享类型不正确' },
} as const satisfies Record<string, ErrorEntry>;
