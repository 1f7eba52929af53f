import { LiveChannelContracts } from '#lib/live/channel-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { cancelReminder } from '#lib/live/channel.server.ts';

/** 取消预约. */
export const POST = endpoint(LiveChannelContracts.cancel, ({ query, body, user, context }) =>
  cancelReminder(context.locals.database.db, {
    shopId: query.shopBizCode,
    liveNo: body.liveNo,
    userId: user.id,
  }),
);
