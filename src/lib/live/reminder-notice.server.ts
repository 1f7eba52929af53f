/**
 * 预约 kept (decision 028): when a room the shopper 预约'd is live, their next shop page says
 * 你预约的直播「…」开始啦 with a link to it, once. The shop's rooms live now are content (read once
 * per content version: a room starting raises it), so a shop with none costs no query; else one
 * statement probes the reminders' primary key (room, user) for those rooms, and its answer is
 * kept per user version (a reminder added or taken raises it, migration 0023) and content
 * version, so a shopper's pages while a live runs do not each ask again. The page that shows
 * the notice deletes the reminder rows in the same statement that reads them: shown once, on
 * whichever device comes first, and a room can no longer be 预约'd once live.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { liveReminders, liveRooms } from '#lib/platform/db/schema.ts';
import { cachedContent, heldContent } from '#lib/platform/content-cache.server.ts';
import { ByteLru } from '#lib/platform/lru.ts';
import type { RouteName } from '#lib/platform/routes.ts';
import { liveRoute } from './routes.ts';
import { LiveStatus } from './status.ts';

/** A room live now that the shopper 预约'd: what the notice says and where it links. */
export interface LiveReminderNotice {
  liveNo: string;
  title: string;
  route: RouteName;
}

interface LivingRoom extends LiveReminderNotice {
  id: number;
}

/** The shop's rooms live now, per content version. */
function livingRooms(db: DbOrTx, contentVersion: number, shopId: string): Promise<LivingRoom[]> {
  return cachedContent(contentVersion, `live-living:${shopId}`, async () => {
    const rows = await db
      .select({
        id: liveRooms.id,
        liveNo: liveRooms.liveNo,
        title: liveRooms.title,
        liveStatus: liveRooms.liveStatus,
        liveType: liveRooms.liveType,
        replayUrl: liveRooms.replayUrl,
      })
      .from(liveRooms)
      .where(and(eq(liveRooms.shopId, shopId), eq(liveRooms.liveStatus, LiveStatus.Living)));
    return rows.map((row) => ({
      id: row.id,
      liveNo: row.liveNo,
      title: row.title,
      route: liveRoute(row),
    }));
  });
}

interface Who {
  shopId: string;
  userId: number;
  contentVersion: number;
}

/** The shopper's reminders of these rooms: a probe of the primary key (room, user) per room. */
const due = (rooms: LivingRoom[], userId: number) =>
  and(
    inArray(
      liveReminders.roomId,
      rooms.map((r) => r.id),
    ),
    eq(liveReminders.userId, userId),
  );

/** `user|userVersion|contentVersion|shop` → whether a notice is due; about 64 B an answer. */
const dueAnswers = new ByteLru<boolean>(4 * 1024 * 1024);

/**
 * Whether a reminder is due, from what is held in memory only: undefined when the living rooms or
 * this user's answer must be read first (the front door then leaves the page to the framework).
 */
export function liveReminderHeld(
  who: Who & { userVersion: number },
  now = Date.now(),
): boolean | undefined {
  const rooms = heldContent<LivingRoom[]>(who.contentVersion, `live-living:${who.shopId}`, now);
  if (rooms === undefined) return undefined;
  if (rooms.length === 0) return false;
  return dueAnswers.get(`${who.userId}|${who.userVersion}|${who.contentVersion}|${who.shopId}`);
}

/** Whether the shopper has a notice due: a room they 预约'd is live (nothing is changed). */
export async function liveReminderDue(
  db: DbOrTx,
  who: Who & { userVersion: number },
): Promise<boolean> {
  const rooms = await livingRooms(db, who.contentVersion, who.shopId);
  if (rooms.length === 0) return false;
  const key = `${who.userId}|${who.userVersion}|${who.contentVersion}|${who.shopId}`;
  const kept = dueAnswers.get(key);
  if (kept !== undefined) return kept;
  const [row] = await db
    .select({ roomId: liveReminders.roomId })
    .from(liveReminders)
    .where(due(rooms, who.userId))
    .limit(1);
  dueAnswers.set(key, row !== undefined, key.length + 32);
  return row !== undefined;
}

/** The notices due, taken: their reminder rows are deleted as they are read (shown once). */
export async function takeLiveReminders(db: DbOrTx, who: Who): Promise<LiveReminderNotice[]> {
  const rooms = await livingRooms(db, who.contentVersion, who.shopId);
  if (rooms.length === 0) return [];
  const taken = await db
    .delete(liveReminders)
    .where(due(rooms, who.userId))
    .returning({ roomId: liveReminders.roomId });
  const ids = new Set(taken.map((row) => row.roomId));
  return rooms.filter((room) => ids.has(room.id)).map(({ id: _id, ...notice }) => notice);
}
