import { LiveContracts } from '#lib/live/live-contracts.ts';
import { endpoint } from '#lib/platform/endpoint.server.ts';
import { eventStream, lastEventId } from '#lib/platform/sse.server.ts';
import { countView, findRoom } from '#lib/live/room.server.ts';
import { openRoomStream } from '#lib/live/room-hub.server.ts';

/**
 * The room's server-sent events (no login needed to watch): hello, then what was stored after
 * the reader's last id, then live messages; stats (online, likes, views) at most once a second.
 */
export const GET = endpoint(LiveContracts.events, async ({ params, query, context }) => {
  const database = context.locals.database;
  const room = await findRoom(database.db, params.liveNo, query.shopBizCode);
  const after = lastEventId(context.request) ?? query.since ?? null;
  return eventStream(context.request, (send) =>
    openRoomStream(database, {
      roomId: room.id,
      after,
      send,
      countView: () => countView(database, room.id),
    }),
  );
});
