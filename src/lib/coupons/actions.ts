/**
 * The browser side of the coupon pages. Errors are toasted by the request client.
 */
import type { CenterCoupon } from './contracts.ts';
import { call } from '#lib/platform/client.ts';
import * as CouponEndpoints from './endpoints.ts';
import { PRODUCT_COUPON_PAGE_MAX } from './rules.ts';

/** 立即领取 in the coupon centre; answers the coupon's new state for the caller. */
export async function drawForCenter(couponId: number): Promise<CenterCoupon> {
  return call(CouponEndpoints.drawForCenter, {
    query: { shopBizCode: document.body.dataset.shopId ?? '' },
    body: { couponId },
  });
}

/** The coupon centre's coupons for a product, with the shopper's buttons (the 领券 sheet). */
export async function productCouponList(productNo: string): Promise<CenterCoupon[]> {
  // As the specification asks: the first page of 100000, i.e. all of them.
  const page = await call(
    CouponEndpoints.productCoupons,
    {
      query: {
        shopBizCode: document.body.dataset.shopId ?? '',
        productNo,
        pageNum: 1,
        pageSize: PRODUCT_COUPON_PAGE_MAX,
      },
    },
    { silent: true },
  );
  return page.list;
}

/** 立即领取 on a receive page: a shared coupon, or an after-pay one on receive-coupon-frompay. */
export async function drawHandout(couponId: number, scene: 'share' | 'pay'): Promise<CenterCoupon> {
  return call(CouponEndpoints.drawHandout, {
    query: { shopBizCode: document.body.dataset.shopId ?? '' },
    body: { couponId, scene },
  });
}
