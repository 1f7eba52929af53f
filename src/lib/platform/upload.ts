/** Limits and messages of a picture upload, shared by the page (checked before sending) and the server. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const UploadMessages = {
  NOT_IMAGE: '请上传图片文件',
  TOO_LARGE: '图片不能超过5MB',
  TOO_MANY_PIXELS: '图片尺寸过大，请换一张图片',
} as const;
