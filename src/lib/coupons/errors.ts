/** The coupon refusals: drawing and using. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const CouponErrors = {
  COUPON_NOT_FOUND: { code: 40415, message: '优惠券不存在' },
  COUPON_NOT_STARTED: { code: 45001, message: '优惠券领取尚未开始' },
  COUPON_ENDED: { code: 45002, message: '优惠券领取已结束' },
  COUPON_SOLD_OUT: { code: 45003, message: '优惠券已抢光' },
  COUPON_LIMIT_REACHED: { code: 45004, message: '您已领取过该优惠券' },
  COUPON_STOPPED: { code: 45005, message: '优惠券已停止发放' },
  /** The chosen coupon cannot pay for this checkout (used, expired, out of scope, threshold). */
  COUPON_UNUSABLE: { code: 45006, message: '该优惠券不能用于本订单' },
  COUPON_ALREADY_USED: { code: 45007, message: '优惠券已使用' },
  /** A call naming the shop twice (path and query) with two different shops. */
  COUPON_SHOP_MISMATCH: { code: 45008, message: '店铺编号不一致' },
} as const satisfies Record<string, ErrorEntry>;
