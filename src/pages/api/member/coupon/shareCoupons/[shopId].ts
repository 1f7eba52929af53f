import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { requireRole } from '#lib/membership/index.server.ts';
import { shareableCoupons } from '#lib/coupons/index.server.ts';

/** The shop's shareable coupons for a shop keeper of the shop, each link naming the caller. */
export const GET = endpoint(CouponContracts.shareCoupons, async ({ params, context }) => {
  const keeper = await requireRole(context, params.shopId, ['D']);
  return shareableCoupons(context.locals.database.db, {
    shopId: params.shopId,
    distributorId: keeper.id,
    origin: context.locals.site.origin,
  });
});
