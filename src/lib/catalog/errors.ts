/** The catalogue's refusals: an unknown sale, and a picture image search cannot use. */
import type { ErrorEntry } from '#lib/platform/errors.ts';
import { UploadMessages } from '#lib/platform/upload.ts';

export const CatalogErrors = {
  ACTIVITY_NOT_FOUND: { code: 404, message: '活动不存在' },
  UPLOAD_NOT_IMAGE: { code: 400, message: UploadMessages.NOT_IMAGE },
  UPLOAD_TOO_LARGE: { code: 400, message: UploadMessages.TOO_LARGE },
  UPLOAD_TOO_MANY_PIXELS: { code: 400, message: UploadMessages.TOO_MANY_PIXELS },
} as const satisfies Record<string, ErrorEntry>;
