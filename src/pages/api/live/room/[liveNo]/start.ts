import { LiveContracts } from '#lib/live/live-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { startLive } from '#lib/live/host.server.ts';

/** 开始直播 (the host): the preheat room goes live now. */
export const POST = endpoint(LiveContracts.start, ({ params, query, user, context }) =>
  startLive(context.locals.database, {
    liveNo: params.liveNo,
    shopId: query.shopBizCode,
    userId: user.id,
  }),
);
