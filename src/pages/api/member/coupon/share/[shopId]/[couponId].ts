import { CouponContracts } from '#lib/coupons/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { requireRole } from '#lib/membership/auth.server.ts';
import { couponShareInfo } from '#lib/coupons/share.server.ts';

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
