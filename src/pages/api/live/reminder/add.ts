import { LiveChannelContracts } from '#lib/live/channel-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { remindRoom } from '#lib/live/channel.server.ts';

/** 预约 an upcoming room: one reminder per user and room. */
export const POST = endpoint(LiveChannelContracts.remind, ({ query, body, user, context }) =>
  remindRoom(context.locals.database.db, {
    shopId: query.shopBizCode,
    liveNo: body.liveNo,
    userId: user.id,
  }),
);
