import { LiveContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { dropCoupon } from '#lib/live/index.server.ts';

/** 发券 (the host): drops the room's coupon popup to every viewer. */
export const POST = endpoint(LiveContracts.coupon, ({ params, query, user, context }) =>
  dropCoupon(context.locals.database, {
    liveNo: params.liveNo,
    shopId: query.shopBizCode,
    userId: user.id,
  }),
);
