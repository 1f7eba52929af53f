/** Customer service (faq, im-index, the 客服 console): each refusal of a chat call. */
import { ErrorCode, type ErrorEntry } from '#lib/platform/errors.ts';

export const ServiceErrors = {
  /** Anybody but the shop's owner and its customer service, on a call of the shop's side. */
  SERVICE_NOT_STAFF: { code: ErrorCode.NO_PERMISSION, message: '只有店主和客服可以处理咨询' },
  SERVICE_TEXT_EMPTY: { code: 49831, message: '请输入消息内容' },
  SERVICE_TEXT_TOO_LONG: { code: 49832, message: '消息不能超过500个字' },
  SERVICE_TOO_FAST: { code: 49833, message: '发送太频繁，请稍后再试' },
  SERVICE_PRODUCT_NOT_FOUND: { code: 49834, message: '商品不存在或已下架' },
  SERVICE_ORDER_NOT_FOUND: { code: 49835, message: '订单不存在' },
  SERVICE_IMAGE_TYPE: { code: 49836, message: '图片仅支持 JPG、PNG、WEBP 格式' },
  SERVICE_IMAGE_NOT_UPLOADED: { code: 49837, message: '图片已失效，请重新上传' },
  SERVICE_IMAGES_TODAY: { code: 49838, message: '今日发送图片过多，请明天再试' },
  /** A conversation of another shop, or none: answered alike. */
  SERVICE_CONVERSATION_NOT_FOUND: { code: 49839, message: '会话不存在' },
  SERVICE_SHOP_UNAVAILABLE: { code: 49840, message: '店铺暂不可咨询' },
  SERVICE_ALREADY_CLOSED: { code: 49841, message: '会话已结束' },
} as const satisfies Record<string, ErrorEntry>;
