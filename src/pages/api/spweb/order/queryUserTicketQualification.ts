import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readTicketQualification } from '#lib/coupons/index.server.ts';

/** May the caller draw the coupon now: 立即领取 / 去使用 / 已领取 / 已抢光 and the reason. */
export const GET = endpoint(CouponContracts.ticketQualification, async ({ query, user, context }) =>
  readTicketQualification(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    couponId: query.couponId,
  }),
);
