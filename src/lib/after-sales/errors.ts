/** The after-sale refusals. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const AfterSaleErrors = {
  AFTER_SALE_NOT_FOUND: { code: 40413, message: '售后申请不存在' },
  AFTER_SALE_NOT_ALLOWED: { code: 43001, message: '该商品当前不能申请售后' },
  AFTER_SALE_OPEN: { code: 43002, message: '该商品已有售后申请在处理中' },
  AFTER_SALE_KIND_MISMATCH: {
    code: 43003,
    message: '未发货的商品请申请仅退款，已发货的商品请申请退货退款',
  },
  AFTER_SALE_PHOTO_INVALID: { code: 43004, message: '凭证图片无效，请重新上传' },
  AFTER_SALE_STATE_CHANGED: { code: 43005, message: '售后状态已变化，请刷新后重试' },
  REFUSAL_REASON_REQUIRED: { code: 43006, message: '请填写拒绝原因' },
  NOT_SHOP_AFTER_SALE: { code: 43007, message: '只有店主可以处理本店的售后' },
  RETURN_WINDOW_CLOSED: { code: 43008, message: '已超过售后期限' },
  AFTER_SALE_PHOTO_LIMIT: { code: 43009, message: '今天上传的图片太多了，请明天再试' },
} as const satisfies Record<string, ErrorEntry>;
