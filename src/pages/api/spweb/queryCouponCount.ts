import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listMyCoupons } from '#lib/coupons/index.server.ts';

/** How many unused coupons the caller holds in the shop. */
export const GET = endpoint(CouponContracts.count, async ({ query, user, context }) => {
  const { counts } = await listMyCoupons(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    tab: 'unused',
  });
  return { unused: counts.unused };
});
