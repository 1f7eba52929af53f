import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listMyCoupons } from '#lib/coupons/index.server.ts';

/** 我的优惠券: the caller's coupons in the shop by tab, with the tab counts. */
export const GET = endpoint(CouponContracts.mine, async ({ query, user, context }) =>
  listMyCoupons(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    tab: query.tab,
  }),
);
