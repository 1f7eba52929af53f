import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { requireRole } from '#lib/membership/index.server.ts';
import { couponShareInfo } from '#lib/coupons/index.server.ts';

/** A shareable coupon's card for a shop keeper of the shop; the link names the caller. */
export const GET = endpoint(CouponContracts.share, async ({ params, context }) => {
  const keeper = await requireRole(context, params.shopId, ['D']);
  return couponShareInfo(context.locals.database.db, {
    shopId: params.shopId,
    couponId: params.couponId,
    distributorId: keeper.id,
    origin: context.locals.site.origin,
  });
});
