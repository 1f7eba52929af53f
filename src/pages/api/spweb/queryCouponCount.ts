import { CouponContracts } from '#lib/coupons/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { listMyCoupons } from '#lib/coupons/mine.server.ts';

/** How many unused coupons the caller holds in the shop. */
export const GET = endpoint(CouponContracts.count, async ({ query, user, context }) => {
  const { counts } = await listMyCoupons(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    tab: 'unused',
  });
  return { unused: counts.unused };
});
