import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { centerCategories } from '#lib/coupons/index.server.ts';

/** The coupon centre's tabs: the categories with coupons on offer now. */
export const GET = endpoint(CouponContracts.categories, async ({ query, context }) =>
  centerCategories(context.locals.database.db, { shopId: query.shopBizCode }),
);
