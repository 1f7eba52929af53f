import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { centerCoupons } from '#lib/coupons/index.server.ts';
import { getSessionUser, SESSION_COOKIE } from '#lib/identity/index.server.ts';

/** The coupons on offer in a category (all without one), with the caller's button. */
export const GET = endpoint(CouponContracts.byCategory, async ({ query, context }) => {
  const db = context.locals.database.db;
  const user = await getSessionUser(db, context.cookies.get(SESSION_COOKIE)?.value);
  return centerCoupons(db, {
    shopId: query.shopBizCode,
    userId: user?.id ?? null,
    categoryId: query.categoryId === undefined ? undefined : Number(query.categoryId),
  });
});
