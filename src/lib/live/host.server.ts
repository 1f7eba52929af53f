/**
 * The host starts and ends the live (开始直播, 结束直播): the shop's owner only, as for the
 * room's other host actions. Each is one conditional UPDATE in a transaction — from 预告 to 直播中,
 * from 直播中 to 已结束 — so a second tap, another tab or another process changes nothing and is
 * told the room's state. Ending publishes `{ room, kind: 'ended' }` on the bus channel 'live'
 * once committed; every stream of the room sends its viewers `ended` (room-hub.server.ts).
 *
 * There is no ingest server: a started room plays the demo stream the seeding stored (decision
 * 027) — the segments another room of the shop names in its stream or replay playlist — and an
 * ended one gets the replay (VOD) playlist of the segments it played.
 */
import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import type { Database, DbOrTx } from '#lib/platform/db/client.server.ts';
import { liveRooms } from '#lib/platform/db/schema.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { RouteName } from '#lib/platform/routes.ts';
import { findRoom, isOwner } from './room.server.ts';
import { streamOfUrl, streamPath } from './room-stream.ts';
import { streamSegmentsExist } from './room-stream.server.ts';
import { liveRoute } from './routes.ts';
import { LiveStatus } from './status.ts';

export interface HostInput {
  liveNo: string;
  shopId: string;
  userId: number;
  now?: Date;
}

/** The room after 开始直播 / 结束直播, and the page its state belongs on. */
export interface LiveStateChange {
  liveNo: string;
  liveStatus: number;
  route: RouteName;
  streamUrl: string | null;
  replayUrl: string | null;
}

type RoomRow = typeof liveRooms.$inferSelect;

/** The room of the shop, refused unless the user owns the shop (the same as 置顶, 讲解, 发券). */
async function hostRoom(db: DbOrTx, input: HostInput): Promise<RoomRow> {
  const room = await findRoom(db, input.liveNo, input.shopId);
  if (!(await isOwner(db, room.shopId, input.userId))) throw appError(Errors.LIVE_NOT_HOST);
  return room;
}

/**
 * The demo stream's segments for a room: the room's own playlist if it names ours, else the one
 * of the shop's latest room that does (the seeding gives every living and replayed room the same
 * segments). Null when none is left in the media table.
 */
export async function demoStream(
  db: DbOrTx,
  room: Pick<RoomRow, 'shopId' | 'streamUrl'>,
): Promise<{ first: number; count: number } | null> {
  const candidates = [room.streamUrl];
  const rows = await db
    .select({ streamUrl: liveRooms.streamUrl, replayUrl: liveRooms.replayUrl })
    .from(liveRooms)
    .where(
      and(
        eq(liveRooms.shopId, room.shopId),
        or(isNotNull(liveRooms.streamUrl), isNotNull(liveRooms.replayUrl)),
      ),
    )
    .orderBy(desc(liveRooms.id))
    .limit(20);
  for (const row of rows) candidates.push(row.streamUrl, row.replayUrl);
  for (const url of candidates) {
    const stream = streamOfUrl(url);
    if (stream && (await streamSegmentsExist(db, stream))) return stream;
  }
  return null;
}

/** Why a room did not change: its state now. */
function stateRefusal(status: number | undefined) {
  if (status === LiveStatus.Ended) return Errors.LIVE_ALREADY_ENDED;
  if (status === LiveStatus.Living) return Errors.LIVE_ALREADY_STARTED;
  return Errors.LIVE_NOT_STARTED;
}

function changed(row: RoomRow): LiveStateChange {
  return {
    liveNo: row.liveNo,
    liveStatus: row.liveStatus,
    route: liveRoute(row),
    streamUrl: row.streamUrl,
    replayUrl: row.replayUrl,
  };
}

/** 开始直播: 预告 → 直播中 now, playing the demo stream. */
export async function startLive(database: Database, input: HostInput): Promise<LiveStateChange> {
  const room = await hostRoom(database.db, input);
  if (room.liveStatus !== LiveStatus.Preheat) throw appError(stateRefusal(room.liveStatus));
  const stream = await demoStream(database.db, room);
  if (!stream) throw appError(Errors.LIVE_STREAM_NOT_FOUND);
  const now = input.now ?? new Date();
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(liveRooms)
      .set({
        liveStatus: LiveStatus.Living,
        startAt: now,
        endAt: null,
        streamUrl: streamPath(stream.first, stream.count, 'live'),
      })
      .where(and(eq(liveRooms.id, room.id), eq(liveRooms.liveStatus, LiveStatus.Preheat)))
      .returning();
    if (!row) throw appError(stateRefusal(await statusOf(tx, room.id)));
    return changed(row);
  });
}

/**
 * 结束直播: 直播中 → 已结束 now, with the replay of the segments it played (none when its stream
 * was not ours: the end page says 已结束); then every viewer of the room is told.
 */
export async function endLive(database: Database, input: HostInput): Promise<LiveStateChange> {
  const room = await hostRoom(database.db, input);
  if (room.liveStatus !== LiveStatus.Living) throw appError(stateRefusal(room.liveStatus));
  const stream = await demoStream(database.db, room);
  const now = input.now ?? new Date();
  const result = await database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(liveRooms)
      .set({
        liveStatus: LiveStatus.Ended,
        endAt: now,
        replayUrl: stream ? streamPath(stream.first, stream.count, 'vod') : null,
      })
      .where(and(eq(liveRooms.id, room.id), eq(liveRooms.liveStatus, LiveStatus.Living)))
      .returning();
    if (!row) throw appError(stateRefusal(await statusOf(tx, room.id)));
    return changed(row);
  });
  await database.bus.publish('live', { room: room.id, kind: 'ended' });
  return result;
}

async function statusOf(db: DbOrTx, roomId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ status: liveRooms.liveStatus })
    .from(liveRooms)
    .where(eq(liveRooms.id, roomId));
  return row?.status;
}
