import { LiveContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';
import { streamHolders } from '#lib/identity/index.server.ts';
import { eventStream, lastEventId, takeStreamSlot } from '#lib/platform/sse.server.ts';
import { clientKey } from '#lib/platform/client-address.server.ts';
import { SESSION_COOKIE, getSessionUser } from '#lib/identity/index.server.ts';
import { countView, findRoom, viewerKey } from '#lib/live/index.server.ts';
import { openRoomStream } from '#lib/live/index.server.ts';

/**
 * The room's server-sent events (no login needed to watch): hello, then what was stored after
 * the reader's last id, then live messages; stats (online, likes, views) at most once a second.
 * Capped per client and session (decision 036); the viewer counts as a view once per window.
 */
export const GET = endpoint(LiveContracts.events, async ({ params, query, context }) => {
  const database = context.locals.database;
  // Counted before anything is read: a flood of refused streams costs the database nothing.
  const slot = takeStreamSlot(streamHolders(context));
  const room = await findRoom(database.db, params.liveNo, query.shopBizCode).catch(
    (error: unknown) => {
      slot();
      throw error;
    },
  );
  const after = lastEventId(context.request) ?? query.since ?? null;
  return eventStream(
    context.request,
    async (send) => {
      const user = await getSessionUser(database.db, context.cookies.get(SESSION_COOKIE)?.value);
      const viewer = viewerKey(user?.id ?? null, clientKey(requestClientAddress(context)));
      return openRoomStream(database, {
        roomId: room.id,
        after,
        send,
        countView: () => countView(database, room.id, viewer),
      });
    },
    { slot },
  );
});
