import { LiveChannelContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { SESSION_COOKIE, getSessionUser } from '#lib/identity/index.server.ts';
import { readRoomInfo } from '#lib/live/index.server.ts';

/** One room of the shop with the caller's 预约 (none for a visitor). */
export const GET = endpoint(LiveChannelContracts.room, async ({ query, context }) => {
  const db = context.locals.database.db;
  const user = await getSessionUser(db, context.cookies.get(SESSION_COOKIE)?.value);
  return readRoomInfo(db, {
    shopId: query.shopBizCode,
    liveNo: query.liveNo,
    userId: user?.id ?? null,
  });
});
