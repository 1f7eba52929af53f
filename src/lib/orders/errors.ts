/** The order area's refusals: each one names what the shopper can do about it. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const OrderErrors = {
  ORDER_NOT_FOUND: { code: 40411, message: '订单不存在' },
  ADDRESS_REQUIRED: { code: 41001, message: '请选择收货地址' },
  NOTHING_TO_ORDER: { code: 41002, message: '请选择要结算的商品' },
  PRICE_CHANGED: { code: 41003, message: '商品价格有变动，请确认新的应付金额后再提交' },
  REAL_NAME_REQUIRED: { code: 41004, message: '购买跨境商品需先完成实名认证' },
  IDEMPOTENCY_KEY_REUSED: { code: 41005, message: '请求重复，请刷新页面后重新提交' },
  LINE_UNAVAILABLE: { code: 41006, message: '部分商品已失效，请返回购物车重新选择' },
  ORDER_STATE_CHANGED: { code: 41007, message: '订单状态已变化，请刷新后重试' },
  CANCEL_WHOLE_ORDER: { code: 41008, message: '待付款订单请整单取消' },
  TOO_MANY_LINES: { code: 41009, message: '一次最多结算50种商品' },
  NOT_SHOP_ORDER: { code: 41010, message: '只有店主可以为本店订单发货' },
  CARRIER_UNKNOWN: { code: 41011, message: '请选择快递公司' },
  ORDER_HAS_OPEN_AFTER_SALE: { code: 41012, message: '订单有售后正在处理，处理完成后再确认收货' },
  REFUND_UNDER_REVIEW: { code: 41013, message: '该订单有退款申请待处理，请先处理退款再发货' },
} as const satisfies Record<string, ErrorEntry>;
