import { LiveContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { likeRoom } from '#lib/live/index.server.ts';

/** 点赞: the taps of up to a second, added in one update. */
export const POST = endpoint(LiveContracts.like, ({ params, query, body, user, context }) =>
  likeRoom(context.locals.database, {
    liveNo: params.liveNo,
    shopId: query.shopBizCode,
    userId: user.id,
    count: body.count,
  }),
);
