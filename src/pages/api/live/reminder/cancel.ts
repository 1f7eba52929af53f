import { LiveChannelContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { cancelReminder } from '#lib/live/index.server.ts';

/** 取消预约. */
export const POST = endpoint(LiveChannelContracts.cancel, ({ query, body, user, context }) =>
  cancelReminder(context.locals.database.db, {
    shopId: query.shopBizCode,
    liveNo: body.liveNo,
    userId: user.id,
  }),
);
