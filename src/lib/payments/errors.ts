/** The payment area's refusals. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const PaymentErrors = {
  PAYMENT_NOT_FOUND: { code: 40412, message: '支付记录不存在' },
  PAY_TARGET_REQUIRED: { code: 42001, message: '请选择要支付的订单' },
  NOTHING_TO_PAY: { code: 42002, message: '订单已支付或已取消' },
  PAY_WINDOW_CLOSED: { code: 42003, message: '订单已超时，请重新下单' },
  CHANNEL_UNAVAILABLE: { code: 42004, message: '当前环境不支持该支付方式' },
  PAYER_UNKNOWN: { code: 42005, message: '请先在微信中授权登录后再支付' },
  GATEWAY_UNAVAILABLE: { code: 42006, message: '支付服务暂时不可用，请稍后重试' },
} as const satisfies Record<string, ErrorEntry>;
