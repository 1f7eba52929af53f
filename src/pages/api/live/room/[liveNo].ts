import { LiveContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readRoomView } from '#lib/live/index.server.ts';
import { roomHub } from '#lib/live/index.server.ts';
import { getSessionUser, SESSION_COOKIE } from '#lib/identity/index.server.ts';

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
