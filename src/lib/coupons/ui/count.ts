/** The shell's coupon list call for the notice: how many unused coupons (status 0, totalSize). */
import { call } from '#lib/platform/client.ts';
import * as CouponEndpoints from '../endpoints.ts';

/** The coupon notice's page size (shell §9). */
export const NOTICE_PAGE_SIZE = 10;

export async function unusedCouponCount(shopBizCode: string): Promise<number> {
  const page = await call(
    CouponEndpoints.list,
    { query: { shopBizCode, status: '0', pageNum: 1, pageSize: NOTICE_PAGE_SIZE } },
    { silent: true },
  );
  return page.totalSize;
}
