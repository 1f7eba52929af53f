import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { productCoupons } from '#lib/coupons/index.server.ts';
import { getSessionUser, SESSION_COOKIE } from '#lib/identity/index.server.ts';

/** The centre's coupons that apply to the product, with the caller's button (领券 on its page). */
export const GET = endpoint(CouponContracts.productCoupons, async ({ query, context }) => {
  const db = context.locals.database.db;
  const user = await getSessionUser(db, context.cookies.get(SESSION_COOKIE)?.value);
  return productCoupons(db, {
    shopId: query.shopBizCode,
    userId: user?.id ?? null,
    productNo: query.productNo,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  });
});
