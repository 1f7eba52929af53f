import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { drawCouponList } from '#lib/coupons/index.server.ts';

/** Draws a popup's coupons (or several of the centre's) for the caller. */
export const POST = endpoint(CouponContracts.drawList, async ({ query, body, user, context }) =>
  drawCouponList(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    couponIds: body.couponIdList,
    popupId: body.popupId,
  }),
);
