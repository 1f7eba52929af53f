import { LiveContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { startLive } from '#lib/live/index.server.ts';

/** 开始直播 (the host): the preheat room goes live now. */
export const POST = endpoint(LiveContracts.start, ({ params, query, user, context }) =>
  startLive(context.locals.database, {
    liveNo: params.liveNo,
    shopId: query.shopBizCode,
    userId: user.id,
  }),
);
