import { CouponContracts, TAB_OF_STATUS } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listMyCoupons } from '#lib/coupons/index.server.ts';

/** The shell's coupon list: a page of the caller's coupons in one status, with totalSize. */
export const GET = endpoint(CouponContracts.list, async ({ query, user, context }) => {
  const tab = TAB_OF_STATUS[query.status];
  const { list, counts } = await listMyCoupons(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    tab,
    page: { pageNum: query.pageNum, pageSize: query.pageSize },
  });
  return { totalSize: counts[tab], list };
});
