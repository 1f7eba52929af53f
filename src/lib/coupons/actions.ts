/**
 * The browser side of the coupon pages. The request client and the contracts (zod) load on first
 * use, so a page's first load stays small. Errors are toasted by the request client.
 */
import type { CenterCoupon } from './contracts.ts';

/** 立即领取 in the coupon centre; answers the coupon's new state for the caller. */
export async function drawForCenter(couponId: number): Promise<CenterCoupon> {
  const [{ call }, { CouponContracts }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./contracts.ts'),
  ]);
  return call(CouponContracts.drawForCenter, {
    query: { shopBizCode: document.body.dataset.shopId ?? '' },
    body: { couponId },
  });
}
