import { LiveContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { pinComment } from '#lib/live/index.server.ts';

/** 置顶 (the host): pins a comment, or unpins with null. */
export const POST = endpoint(LiveContracts.pin, ({ params, query, body, user, context }) =>
  pinComment(context.locals.database, {
    liveNo: params.liveNo,
    shopId: query.shopBizCode,
    userId: user.id,
    messageId: body.messageId,
  }),
);
