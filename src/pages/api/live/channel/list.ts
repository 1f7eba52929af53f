import { LiveChannelContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readChannel } from '#lib/live/index.server.ts';

/** A channel's rooms by state: 直播中, 预告, 回放. */
export const GET = endpoint(LiveChannelContracts.channel, ({ query, context }) =>
  readChannel(context.locals.database.db, query.shopBizCode, query.liveType),
);
