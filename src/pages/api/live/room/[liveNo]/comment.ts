import { LiveContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { postComment } from '#lib/live/index.server.ts';

/** 发送: a comment in the room (50 characters, the word filter, 1 per 2 s and 10 a minute). */
export const POST = endpoint(LiveContracts.comment, ({ params, query, body, user, context }) =>
  postComment(context.locals.database, {
    liveNo: params.liveNo,
    shopId: query.shopBizCode,
    userId: user.id,
    text: body.text,
  }),
);
