/**
 * The browser side of the coupon pages. The request client and the contracts (zod) load on first
 * use, so a page's first load stays small. Errors are toasted by the request client.
 */
import type { CenterCoupon } from './contracts.ts';

/** 立即领取 in the coupon centre; answers the coupon's new state for the caller. */
export async function drawForCenter(couponId: number): Promise<CenterCoupon> {
  const [{ call }, { CouponEndpoints }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./endpoints.ts'),
  ]);
  return call(CouponEndpoints.drawForCenter, {
    query: { shopBizCode: document.body.dataset.shopId ?? '' },
    body: { couponId },
  });
}

/** The coupon centre's coupons for a product, with the shopper's buttons (the 领券 sheet). */
export async function productCouponList(productNo: string): Promise<CenterCoupon[]> {
  const [{ call }, { CouponEndpoints }, { PRODUCT_COUPON_PAGE_MAX }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./endpoints.ts'),
    import('./rules.ts'),
  ]);
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
  const [{ call }, { CouponEndpoints }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./endpoints.ts'),
  ]);
  return call(CouponEndpoints.drawHandout, {
    query: { shopBizCode: document.body.dataset.shopId ?? '' },
    body: { couponId, scene },
  });
}
