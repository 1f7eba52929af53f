import { LiveContracts } from '#lib/live/live-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readRoomView } from '#lib/live/room.server.ts';
import { roomHub } from '#lib/live/room-hub.server.ts';
import { getSessionUser, SESSION_COOKIE } from '#lib/identity/sessions.server.ts';

/** The room as opened: anyone may watch; the host's flag for the shop's owner. */
export const GET = endpoint(LiveContracts.room, async ({ params, query, context }) => {
  const database = context.locals.database;
  const user = await getSessionUser(database.db, context.cookies.get(SESSION_COOKIE)?.value);
  const view = await readRoomView(database.db, {
    liveNo: params.liveNo,
    shopId: query.shopBizCode,
    userId: user?.id ?? null,
  });
  return { ...view, online: roomHub(database).online(view.roomId) };
});
