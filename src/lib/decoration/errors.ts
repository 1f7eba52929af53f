/** The decoration's refusals: a layout that breaks its rules, a banner picture that cannot be used. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const DecorationErrors = {
  /** The message is the broken rule's own (decoration.ts); this one when none is more precise. */
  DECORATION_INVALID: { code: 49501, message: '装修内容不正确，请检查后再保存' },
  DECORATION_IMAGE_MISSING: { code: 49502, message: '横幅图片不存在，请重新上传' },
  DECORATION_IMAGE_TYPE: { code: 49503, message: '请上传 JPG、PNG 或 WebP 格式的图片' },
  DECORATION_UPLOAD_LIMIT: { code: 49504, message: '今天上传的图片太多了，请明天再试' },
} as const satisfies Record<string, ErrorEntry>;
