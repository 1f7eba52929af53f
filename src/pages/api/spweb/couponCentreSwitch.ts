import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { centerCategories } from '#lib/coupons/index.server.ts';

/** Whether the shop's coupon centre has anything on offer (领券中心 shows on home only then). */
export const GET = endpoint(CouponContracts.centreSwitch, async ({ query, context }) => ({
  enabled:
    (await centerCategories(context.locals.database.db, { shopId: query.shopBizCode })).length > 0,
}));
