import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { usableCoupons } from '#lib/coupons/index.server.ts';

/** The caller's coupons usable now in the shop (on the product, when one is named). */
export const GET = endpoint(CouponContracts.usableTickets, async ({ query, user, context }) =>
  usableCoupons(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    productNo: query.productNo,
  }),
);
