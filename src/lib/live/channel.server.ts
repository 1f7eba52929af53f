/**
 * Around a live, on the database: the shop's rooms for the channels, one room for its page (with
 * the viewer's 预约 and the room's products priced by the catalogue), 预约 / 取消预约, and the
 * small window's and the school popup's room. Every read is scoped to the shop: another shop's
 * room answers like a missing one (直播不存在).
 */
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { liveReminders, liveRooms } from '#lib/platform/db/schema.ts';
import { cachedContent } from '#lib/platform/content-cache.server.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { productCardsByNo, type ProductCard } from '#lib/catalog/index.server.ts';
import { LiveStatus, type LiveType } from './status.ts';
import {
  CHANNEL_REPLAYS_MAX,
  canRemind,
  channelTypes,
  groupRooms,
  liveCard,
  schoolPopupRoom,
  windowRoom,
  type ChannelRoom,
} from './channel.ts';
import { liveNoSchema, type LiveChannel, type LiveRoomInfo } from './channel-contracts.ts';
import { liveRoute } from './routes.ts';
import type { RouteName } from '#lib/platform/routes.ts';

const roomColumns = {
  id: liveRooms.id,
  liveNo: liveRooms.liveNo,
  title: liveRooms.title,
  coverUrl: liveRooms.coverUrl,
  liveType: liveRooms.liveType,
  liveStatus: liveRooms.liveStatus,
  startAt: liveRooms.startAt,
  endAt: liveRooms.endAt,
  replayUrl: liveRooms.replayUrl,
  hostName: liveRooms.hostName,
  intro: liveRooms.intro,
  likeCount: liveRooms.likeCount,
  viewCount: liveRooms.viewCount,
  productNos: liveRooms.productNos,
};

type RoomRow = ChannelRoom & { id: number };

/**
 * The shop's rooms of these types: every room live now or upcoming, and the latest ended ones
 * (at most CHANNEL_REPLAYS_MAX), in no particular order (channel.ts groupRooms orders them).
 */
export async function listShopRooms(
  db: DbOrTx,
  shopId: string,
  liveTypes: readonly LiveType[],
): Promise<ChannelRoom[]> {
  const ofShop = and(eq(liveRooms.shopId, shopId), inArray(liveRooms.liveType, [...liveTypes]));
  const [open, ended] = await Promise.all([
    db
      .select(roomColumns)
      .from(liveRooms)
      .where(and(ofShop, ne(liveRooms.liveStatus, LiveStatus.Ended))),
    db
      .select(roomColumns)
      .from(liveRooms)
      .where(and(ofShop, eq(liveRooms.liveStatus, LiveStatus.Ended)))
      .orderBy(desc(sql`coalesce(${liveRooms.endAt}, ${liveRooms.startAt})`), desc(liveRooms.id))
      .limit(CHANNEL_REPLAYS_MAX),
  ]);
  return [...open, ...ended].map(withoutId);
}

/** A channel's answer: the rooms of its types as cards, by section. */
export async function readChannel(
  db: DbOrTx,
  shopId: string,
  liveType?: number,
): Promise<LiveChannel> {
  const rooms = await listShopRooms(db, shopId, channelTypes(liveType));
  return {
    sections: groupRooms(rooms).map((g) => ({ ...g, rooms: g.rooms.map(liveCard) })),
  };
}

function withoutId({ id: _id, ...room }: RoomRow): ChannelRoom {
  return room;
}

async function findRoom(db: DbOrTx, shopId: string, liveNo: string): Promise<RoomRow | null> {
  const [room] = await db
    .select(roomColumns)
    .from(liveRooms)
    .where(and(eq(liveRooms.shopId, shopId), eq(liveRooms.liveNo, liveNo)))
    .limit(1);
  return room ?? null;
}

/** A room of the shop, or null (unknown, or another shop's). */
export async function readShopRoom(
  db: DbOrTx,
  shopId: string,
  liveNo: string,
): Promise<ChannelRoom | null> {
  const room = await findRoom(db, shopId, liveNo);
  return room && withoutId(room);
}

/** What a room's page around a live shows. */
export interface RoomPage {
  room: ChannelRoom;
  /** The viewer has 预约'd it (false for a visitor). */
  reminded: boolean;
  /** How many have 预约'd it. */
  reminderCount: number;
  /** The room's product list, priced by the catalogue (products no longer on sale left out). */
  products: ProductCard[];
}

/** The room's page: the room, the viewer's 预约, the count, the products. Null: 直播不存在. */
export async function readRoomPage(
  db: DbOrTx,
  input: { shopId: string; liveNo: string; userId: number | null },
): Promise<RoomPage | null> {
  const room = await findRoom(db, input.shopId, input.liveNo);
  if (!room) return null;
  const [reminders, products] = await Promise.all([
    reminderState(db, room.id, input.userId),
    productCardsByNo(db, input.shopId, room.productNos),
  ]);
  return { room: withoutId(room), ...reminders, products };
}

async function reminderState(
  db: DbOrTx,
  roomId: number,
  userId: number | null,
): Promise<{ reminded: boolean; reminderCount: number }> {
  const [row] = await db
    .select({
      reminderCount: sql<number>`count(*)::int`,
      reminded:
        userId === null
          ? sql<boolean>`false`
          : sql<boolean>`coalesce(bool_or(${liveReminders.userId} = ${userId}), false)`,
    })
    .from(liveReminders)
    .where(eq(liveReminders.roomId, roomId));
  return { reminded: row?.reminded ?? false, reminderCount: row?.reminderCount ?? 0 };
}

/** The room call's answer: the card, the intro and the caller's 预约; 直播不存在 when none. */
export async function readRoomInfo(
  db: DbOrTx,
  input: { shopId: string; liveNo: string; userId: number | null },
): Promise<LiveRoomInfo> {
  const room = await findRoom(db, input.shopId, input.liveNo);
  if (!room) throw appError(Errors.LIVE_NOT_FOUND);
  return {
    ...liveCard(room),
    intro: room.intro,
    ...(await reminderState(db, room.id, input.userId)),
    serverTime: new Date().toISOString(),
  };
}

export interface ReminderState {
  liveNo: string;
  reminded: boolean;
  reminderCount: number;
}

/**
 * 预约: one row per user and room, however often it is asked (a repeat answers the same). Only a
 * room of the shop that has not started: one conditional INSERT … SELECT, so a room going live
 * at the same moment is never 预约'd after it started.
 */
export async function remindRoom(
  db: DbOrTx,
  input: { shopId: string; liveNo: string; userId: number },
): Promise<ReminderState> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${liveReminders} (room_id, user_id)
      select ${liveRooms.id}, ${input.userId} from ${liveRooms}
      where ${liveRooms.shopId} = ${input.shopId} and ${liveRooms.liveNo} = ${input.liveNo}
        and ${liveRooms.liveStatus} = ${LiveStatus.Preheat}
      on conflict do nothing`);
    const room = await findRoom(tx, input.shopId, input.liveNo);
    if (!room) throw appError(Errors.LIVE_NOT_FOUND);
    const state = await reminderState(tx, room.id, input.userId);
    if (!state.reminded && !canRemind(room)) throw appError(Errors.LIVE_REMIND_NOT_UPCOMING);
    return { liveNo: room.liveNo, ...state };
  });
}

/** 取消预约: the user's row goes, if there was one (a repeat answers the same). */
export async function cancelReminder(
  db: DbOrTx,
  input: { shopId: string; liveNo: string; userId: number },
): Promise<ReminderState> {
  return db.transaction(async (tx) => {
    const room = await findRoom(tx, input.shopId, input.liveNo);
    if (!room) throw appError(Errors.LIVE_NOT_FOUND);
    await tx
      .delete(liveReminders)
      .where(and(eq(liveReminders.roomId, room.id), eq(liveReminders.userId, input.userId)));
    return { liveNo: room.liveNo, ...(await reminderState(tx, room.id, input.userId)) };
  });
}

/** Shell §3 small live-room data. */
export interface SmallLiveRoom {
  liveNo: string;
  liveTitle: string;
  liveStatus: number;
  liveType: number;
  coverUrl: string | null;
}

function small(room: ChannelRoom): SmallLiveRoom {
  return {
    liveNo: room.liveNo,
    liveTitle: room.title,
    liveStatus: room.liveStatus,
    liveType: room.liveType,
    coverUrl: room.coverUrl,
  };
}

/** The shop's rooms live now or upcoming, of every type (what the window and the popup pick from). */
async function openRooms(db: DbOrTx, shopId: string): Promise<ChannelRoom[]> {
  const rows = await db
    .select(roomColumns)
    .from(liveRooms)
    .where(
      and(
        eq(liveRooms.shopId, shopId),
        or(
          eq(liveRooms.liveStatus, LiveStatus.Living),
          eq(liveRooms.liveStatus, LiveStatus.Preheat),
        ),
      ),
    );
  return rows.map(withoutId);
}

export interface LiveCornerRooms {
  window: SmallLiveRoom | null;
  school: (SmallLiveRoom & { startAt: Date }) | null;
}

/**
 * The small window's room (shell §2) and the school popup's (shell §4), read once per content
 * version and shop: a room's state, title or cover changing raises the version (migration 0002).
 */
export function liveCorner(
  db: DbOrTx,
  contentVersion: number,
  shopId: string,
): Promise<LiveCornerRooms> {
  return cachedContent(contentVersion, `live-corner:${shopId}`, async () => {
    const rooms = await openRooms(db, shopId);
    const live = windowRoom(rooms);
    const school = schoolPopupRoom(rooms);
    return {
      window: live && small(live),
      school: school && { ...small(school), startAt: school.startAt },
    };
  });
}

/**
 * A room page around a live (preheat, replay, end and their school twins) opened as `route`:
 * the page, or the route of the room's state when that is another page (the page redirects
 * there), or missing (unknown liveNo, or another shop's room: 直播不存在).
 */
export async function roomPageFor(
  db: DbOrTx,
  input: { shopId: string; liveNo: string | null; userId: number | null; route: string },
): Promise<
  | { kind: 'page'; page: RoomPage }
  | { kind: 'elsewhere'; route: RouteName; liveNo: string }
  | { kind: 'missing' }
> {
  if (!input.liveNo || !liveNoSchema.safeParse(input.liveNo).success) return { kind: 'missing' };
  const page = await readRoomPage(db, { ...input, liveNo: input.liveNo });
  if (!page) return { kind: 'missing' };
  const route = liveRoute(page.room);
  if (route !== input.route) return { kind: 'elsewhere', route, liveNo: page.room.liveNo };
  return { kind: 'page', page };
}
