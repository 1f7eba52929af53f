import { LiveContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { endLive } from '#lib/live/index.server.ts';

/** 结束直播 (the host): the live room ends, its viewers go to the replay or the end page. */
export const POST = endpoint(LiveContracts.end, ({ params, query, user, context }) =>
  endLive(context.locals.database, {
    liveNo: params.liveNo,
    shopId: query.shopBizCode,
    userId: user.id,
  }),
);
