import { LiveContracts } from '#lib/live/live-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { likeRoom } from '#lib/live/room.server.ts';

/** 点赞: the taps of up to a second, added in one update. */
export const POST = endpoint(LiveContracts.like, ({ params, query, body, user, context }) =>
  likeRoom(context.locals.database, {
    liveNo: params.liveNo,
    shopId: query.shopBizCode,
    userId: user.id,
    count: body.count,
  }),
);
