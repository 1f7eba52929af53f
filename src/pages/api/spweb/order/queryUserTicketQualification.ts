import { CouponContracts } from '#lib/coupons/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readTicketQualification } from '#lib/coupons/qualification.server.ts';

/** May the caller draw the coupon now: 立即领取 / 去使用 / 已领取 / 已抢光 and the reason. */
export const GET = endpoint(CouponContracts.ticketQualification, async ({ query, user, context }) =>
  readTicketQualification(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    couponId: query.couponId,
  }),
);
