import { LiveChannelContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { remindRoom } from '#lib/live/index.server.ts';

/** 预约 an upcoming room: one reminder per user and room. */
export const POST = endpoint(LiveChannelContracts.remind, ({ query, body, user, context }) =>
  remindRoom(context.locals.database.db, {
    shopId: query.shopBizCode,
    liveNo: body.liveNo,
    userId: user.id,
  }),
);
