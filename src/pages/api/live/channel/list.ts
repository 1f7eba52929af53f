import { LiveChannelContracts } from '#lib/live/channel-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readChannel } from '#lib/live/channel.server.ts';

/** A channel's rooms by state: 直播中, 预告, 回放. */
export const GET = endpoint(LiveChannelContracts.channel, ({ query, context }) =>
  readChannel(context.locals.database.db, query.shopBizCode, query.liveType),
);
