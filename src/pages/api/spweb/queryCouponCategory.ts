import { CouponContracts } from '#lib/coupons/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { centerCategories } from '#lib/coupons/center.server.ts';

/** The coupon centre's tabs: the categories with coupons on offer now. */
export const GET = endpoint(CouponContracts.categories, async ({ query, context }) =>
  centerCategories(context.locals.database.db, { shopId: query.shopBizCode }),
);
