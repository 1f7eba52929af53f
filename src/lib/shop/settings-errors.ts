/** The shop's settings (store-setting, im-setting): the owner's check and each field's refusal. */
import { ErrorCode, type ErrorEntry } from '#lib/platform/errors.ts';

export const ShopSettingErrors = {
  /** A keeper who is not the shop's owner, or anybody else: only the owner changes the shop. */
  SHOP_SETTING_NOT_OWNER: { code: ErrorCode.NO_PERMISSION, message: '只有店主可以修改店铺设置' },
  SHOP_NAME_EMPTY: { code: 49601, message: '店铺名称不能为空' },
  SHOP_NAME_SYMBOLS_ONLY: { code: 49602, message: '店铺名称不能只含表情或特殊符号' },
  SHOP_NAME_TOO_LONG: { code: 49603, message: '店铺名称不能超过20个字' },
  SHOP_INTRO_TOO_LONG: { code: 49604, message: '店铺简介不能超过200个字' },
  SHOP_NOTICE_REQUIRED: { code: 49605, message: '开启店铺公告时请填写公告内容' },
  SHOP_NOTICE_TOO_LONG: { code: 49606, message: '店铺公告不能超过300个字' },
  FOLLOW_URL_INVALID: { code: 49607, message: '关注链接须为 https:// 开头的有效网址' },
  FOLLOW_URL_TOO_LONG: { code: 49608, message: '关注链接不能超过500个字符' },
  LOGO_TYPE: { code: 49609, message: '店铺LOGO仅支持 JPG、PNG、WEBP 格式的图片' },
  LOGO_NOT_UPLOADED: { code: 49610, message: '店铺LOGO已失效，请重新上传' },
  QR_TYPE: { code: 49611, message: '二维码仅支持 JPG、PNG、WEBP 格式的图片' },
  PICTURE_TOO_SMALL: { code: 49612, message: '图片尺寸过小，请上传不小于200×200像素的图片' },
  UPLOADS_TODAY: { code: 49613, message: '今日上传次数过多，请明天再试' },
} as const satisfies Record<string, ErrorEntry>;
