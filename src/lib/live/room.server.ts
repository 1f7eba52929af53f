/**
 * The live room's reads and commands (issue #16): the room as a viewer opens it, comments, likes
 * and the host's actions. Every command stores its message in one transaction, then publishes it
 * on the bus channel 'live' as `{ room, id, kind, ... }` once committed; the streams of every
 * process (room-hub.server.ts) hand it to their viewers.
 *
 * A room's messages take the room row's lock before their id, so a room's ids grow in the order
 * its messages commit: a reader that resumes after id N has everything up to N.
 */
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  couponPopups,
  liveLikeWindows,
  liveMessages,
  liveRooms,
  liveViews,
  shops,
  users,
} from '#lib/platform/db/schema.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { sanitiseText, truncate } from '#lib/platform/text.ts';
import { maskPhone } from '#lib/identity/index.ts';
import { productCardsByNo, type ProductCard } from '#lib/catalog/index.server.ts';
import { ShopStatus } from '#lib/shop/index.ts';
import { LiveMessageKind, LiveStatus, LiveType } from './status.ts';
import {
  LATEST_MESSAGES,
  LIKE_BATCH_MAX,
  VIEW_WINDOW_MS,
  checkComment,
  commentRateRefusal,
  likeGrant,
} from './room.ts';
import { liveRoute } from './routes.ts';
import type { RouteName } from '#lib/platform/routes.ts';

/** The small live-room data (shell §3): the shop's room live now. */
export interface LiveCurrent {
  liveNo: string;
  liveTitle: string;
  liveStatus: number;
  liveType: number;
  coverUrl: string;
}

/** A message as the room shows it and the stream sends it (its id is the event id). */
export interface LiveMessage {
  id: number;
  kind: LiveMessageKind;
  nickName: string;
  body: Record<string, unknown>;
  at: string;
}

/** What the bus carries: the message and its room (the room's row id). */
export interface LiveBusMessage extends LiveMessage {
  room: number;
}

/** A product of the room's list, priced by the catalogue's pricing. */
export interface LiveProduct extends ProductCard {
  /** 讲解中: the product the host is explaining now. */
  explaining: boolean;
}

export interface LiveRoomView {
  roomId: number;
  liveNo: string;
  shopId: string;
  title: string;
  hostName: string;
  hostAvatarUrl: string;
  intro: string;
  coverUrl: string;
  liveStatus: number;
  liveType: number;
  /** The page the room's state belongs on (living while live). */
  route: RouteName;
  streamUrl: string | null;
  replayUrl: string | null;
  likes: number;
  views: number;
  currentProductNo: string | null;
  pinned: LiveMessage | null;
  /** The latest LATEST_MESSAGES comments and host messages, oldest first. */
  messages: LiveMessage[];
  products: LiveProduct[];
  /** The reader is the shop's owner: the host's controls show. */
  isHost: boolean;
}

type RoomRow = typeof liveRooms.$inferSelect;

/** The room of an open shop by its number (and of `shopId` when given), else 40xxx 直播间不存在. */
export async function findRoom(db: DbOrTx, liveNo: string, shopId?: string): Promise<RoomRow> {
  const [row] = await db
    .select({ room: liveRooms })
    .from(liveRooms)
    .innerJoin(shops, eq(shops.id, liveRooms.shopId))
    .where(
      and(
        eq(liveRooms.liveNo, liveNo),
        eq(shops.status, ShopStatus.Open),
        shopId === undefined ? undefined : eq(liveRooms.shopId, shopId),
      ),
    )
    .limit(1);
  if (!row) throw appError(Errors.LIVE_ROOM_NOT_FOUND);
  return row.room;
}

/** The shop's room live now, a normal one before radio and school; null when none. */
export async function currentLive(db: DbOrTx, shopId: string): Promise<LiveCurrent | null> {
  const [row] = await db
    .select({
      liveNo: liveRooms.liveNo,
      liveTitle: liveRooms.title,
      liveStatus: liveRooms.liveStatus,
      liveType: liveRooms.liveType,
      coverUrl: liveRooms.coverUrl,
    })
    .from(liveRooms)
    .innerJoin(shops, eq(shops.id, liveRooms.shopId))
    .where(
      and(
        eq(liveRooms.shopId, shopId),
        eq(shops.status, ShopStatus.Open),
        eq(liveRooms.liveStatus, LiveStatus.Living),
      ),
    )
    .orderBy(
      sql`case when ${liveRooms.liveType} = ${LiveType.Normal} then 0 else 1 end`,
      asc(liveRooms.liveType),
      desc(liveRooms.startAt),
      asc(liveRooms.id),
    )
    .limit(1);
  return row ? { ...row, coverUrl: row.coverUrl ?? '' } : null;
}

function toMessage(row: typeof liveMessages.$inferSelect): LiveMessage {
  return {
    id: row.id,
    kind: row.kind as LiveMessageKind,
    nickName: row.nickName,
    body: row.body,
    at: row.createdAt.toISOString(),
  };
}

/** The room's messages after `afterId`, oldest first, at most `limit`. */
export async function messagesAfter(
  db: DbOrTx,
  roomId: number,
  afterId: number,
  limit = 200,
): Promise<LiveMessage[]> {
  const rows = await db
    .select()
    .from(liveMessages)
    .where(and(eq(liveMessages.roomId, roomId), gt(liveMessages.id, afterId)))
    .orderBy(asc(liveMessages.id))
    .limit(limit);
  return rows.map(toMessage);
}

async function latestMessages(db: DbOrTx, roomId: number): Promise<LiveMessage[]> {
  const rows = await db
    .select()
    .from(liveMessages)
    .where(eq(liveMessages.roomId, roomId))
    .orderBy(desc(liveMessages.id))
    .limit(LATEST_MESSAGES);
  return rows.reverse().map(toMessage);
}

/** Whether the user owns the shop: the host of its rooms. */
export async function isOwner(db: DbOrTx, shopId: string, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const [row] = await db
    .select({ owner: shops.ownerUserId })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row?.owner === userId;
}

/** The room as a viewer opens it: everything but the online count (the hub knows it). */
export async function readRoomView(
  db: DbOrTx,
  input: { liveNo: string; shopId: string; userId: number | null },
): Promise<LiveRoomView> {
  const room = await findRoom(db, input.liveNo, input.shopId);
  const [shop] = await db
    .select({ logoUrl: shops.logoUrl, name: shops.name })
    .from(shops)
    .where(eq(shops.id, room.shopId));
  const messages = await latestMessages(db, room.id);
  let pinned: LiveMessage | null = null;
  if (room.pinnedMessageId !== null) {
    const [row] = await db
      .select()
      .from(liveMessages)
      .where(eq(liveMessages.id, room.pinnedMessageId));
    pinned = row ? toMessage(row) : null;
  }
  const cards = await productCardsByNo(db, room.shopId, room.productNos);
  return {
    roomId: room.id,
    liveNo: room.liveNo,
    shopId: room.shopId,
    title: room.title,
    hostName: room.hostName || shop?.name || '',
    hostAvatarUrl: shop?.logoUrl ?? '',
    intro: room.intro,
    coverUrl: room.coverUrl ?? '',
    liveStatus: room.liveStatus,
    liveType: room.liveType,
    route: liveRoute(room),
    streamUrl: room.streamUrl,
    replayUrl: room.replayUrl,
    likes: room.likeCount,
    views: room.viewCount,
    currentProductNo: room.currentProductNo,
    pinned,
    messages,
    products: cards.map((card) => ({
      ...card,
      explaining: card.productNo === room.currentProductNo,
    })),
    isHost: await isOwner(db, room.shopId, input.userId),
  };
}

/** The name a comment shows: the user's nickname sanitised, else the masked phone. */
export function displayName(user: { nickname: string; phone: string | null }): string {
  const name = truncate(sanitiseText(user.nickname).trim(), 20);
  if (name) return name;
  return user.phone ? maskPhone(user.phone) : '用户';
}

interface Target {
  liveNo: string;
  shopId: string;
  userId: number;
  now?: Date;
}

/** Locks the room row (a room's messages are numbered in commit order) if it is live. */
async function lockLivingRoom(tx: DbOrTx, roomId: number): Promise<RoomRow> {
  const [row] = await tx.select().from(liveRooms).where(eq(liveRooms.id, roomId)).for('update');
  if (!row || row.liveStatus !== LiveStatus.Living) throw appError(Errors.LIVE_NOT_LIVING);
  return row;
}

async function publish(database: Database, room: number, message: LiveMessage): Promise<void> {
  const payload: LiveBusMessage = { room, ...message };
  await database.bus.publish('live', payload);
}

/** 发送 a comment: checked, rate limited from the user's stored comments, stored, published. */
export async function postComment(
  database: Database,
  input: Target & { text: string },
): Promise<LiveMessage> {
  const checked = checkComment(input.text);
  if ('refusal' in checked) throw appError(checked.refusal);
  const room = await findRoom(database.db, input.liveNo, input.shopId);
  const message = await database.db.transaction(async (tx) => {
    // The user's row lock: two processes taking the same user's comments decide one after the other.
    const [user] = await tx
      .select({ nickname: users.nickname, phone: users.phone })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!user) throw appError(Errors.NOT_LOGGED_IN);
    // Stamped once the lock is held, and compared with every stored comment of the last minute,
    // also one stamped after `now` (decision 036): a comment that took the lock first but read
    // its clock later, or on a server whose clock runs ahead, was once left out, and two
    // processes stored comments milliseconds apart. Stored stamps now stay 2 s apart.
    const now = input.now ?? new Date();
    const recent = await tx
      .select({ at: liveMessages.createdAt })
      .from(liveMessages)
      .where(
        and(
          eq(liveMessages.userId, input.userId),
          eq(liveMessages.kind, LiveMessageKind.Comment),
          gt(liveMessages.createdAt, new Date(now.getTime() - 60_000)),
        ),
      );
    const refusal = commentRateRefusal(
      recent.map((r) => r.at),
      now,
    );
    if (refusal) throw appError(refusal);
    await lockLivingRoom(tx, room.id);
    const [row] = await tx
      .insert(liveMessages)
      .values({
        roomId: room.id,
        kind: LiveMessageKind.Comment,
        userId: input.userId,
        nickName: displayName(user),
        body: { text: checked.text },
        createdAt: now,
      })
      .returning();
    return toMessage(row!);
  });
  await publish(database, room.id, message);
  return message;
}

/**
 * 点赞: the taps of up to a second at once. What the user's like window of the room has left
 * counts (room.ts likeGrant, decided under the window row's lock, so across processes too); the
 * rest is dropped without a refusal: the answer is the room's count, and every viewer's follows.
 */
export async function likeRoom(
  database: Database,
  input: Target & { count: number },
): Promise<{ likes: number }> {
  const count = Math.min(Math.max(Math.trunc(input.count), 1), LIKE_BATCH_MAX);
  const room = await findRoom(database.db, input.liveNo, input.shopId);
  const { likes, granted } = await database.db.transaction(async (tx) => {
    const key = and(eq(liveLikeWindows.roomId, room.id), eq(liveLikeWindows.userId, input.userId));
    await tx
      .insert(liveLikeWindows)
      .values({ roomId: room.id, userId: input.userId, startedAt: new Date(0), taken: 0 })
      .onConflictDoNothing();
    const [held] = await tx.select().from(liveLikeWindows).where(key).for('update');
    const grant = likeGrant(held ?? null, count, input.now ?? new Date());
    const [row] = await tx
      .update(liveRooms)
      .set({ likeCount: sql`${liveRooms.likeCount} + ${grant.granted}` })
      .where(and(eq(liveRooms.id, room.id), eq(liveRooms.liveStatus, LiveStatus.Living)))
      .returning({ likes: liveRooms.likeCount });
    if (!row) throw appError(Errors.LIVE_NOT_LIVING);
    if (grant.granted > 0) await tx.update(liveLikeWindows).set(grant.window).where(key);
    return { likes: row.likes, granted: grant.granted };
  });
  if (granted > 0) await database.bus.publish('live', { room: room.id, kind: 'likes', likes });
  return { likes };
}

/** Who a view counts for: a signed-in user, else the client (its address's key, decision 014). */
export function viewerKey(userId: number | null, client: string): string {
  return userId === null ? `c:${client}` : `u:${userId}`;
}

/**
 * A stream opened: one more view (观看) when the viewer (viewerKey) was not counted in this room
 * within VIEW_WINDOW_MS — decided by one conditional upsert, so also across processes (decision
 * 036); a reconnect or a flood of streams is not a view. Answers the room's likes and views now,
 * and its state (read after the stream joined its room: a room that ended before is told so).
 */
export async function countView(
  database: Database,
  roomId: number,
  viewer: string,
  now = new Date(),
): Promise<{ likes: number; views: number; liveStatus?: number }> {
  const { counted, row } = await database.db.transaction(async (tx) => {
    const seen = await tx
      .insert(liveViews)
      .values({ roomId, viewer, countedAt: now })
      .onConflictDoUpdate({
        target: [liveViews.roomId, liveViews.viewer],
        set: { countedAt: now },
        where: lte(liveViews.countedAt, new Date(now.getTime() - VIEW_WINDOW_MS)),
      })
      .returning({ roomId: liveViews.roomId });
    const counted = seen.length > 0;
    const [row] = await tx
      .update(liveRooms)
      .set({ viewCount: sql`${liveRooms.viewCount} + ${counted ? 1 : 0}` })
      .where(eq(liveRooms.id, roomId))
      .returning({
        likes: liveRooms.likeCount,
        views: liveRooms.viewCount,
        liveStatus: liveRooms.liveStatus,
      });
    return { counted, row };
  });
  const counts = row ?? { likes: 0, views: 0 };
  if (counted) {
    await database.bus.publish('live', { room: roomId, kind: 'views', views: counts.views });
  }
  return counts;
}

/** The host's action: the shop's owner only, in a live room of theirs. */
async function hostAction(
  database: Database,
  input: Target,
  act: (
    tx: DbOrTx,
    room: RoomRow,
  ) => Promise<{ kind: LiveMessageKind; body: Record<string, unknown> }>,
): Promise<LiveMessage> {
  const room = await findRoom(database.db, input.liveNo, input.shopId);
  if (!(await isOwner(database.db, room.shopId, input.userId))) {
    throw appError(Errors.LIVE_NOT_HOST);
  }
  const now = input.now ?? new Date();
  const message = await database.db.transaction(async (tx) => {
    const locked = await lockLivingRoom(tx, room.id);
    const { kind, body } = await act(tx, locked);
    const [row] = await tx
      .insert(liveMessages)
      .values({
        roomId: room.id,
        kind,
        userId: input.userId,
        nickName: locked.hostName,
        body,
        createdAt: now,
      })
      .returning();
    return toMessage(row!);
  });
  await publish(database, room.id, message);
  return message;
}

/** 置顶: pins one of the room's comments (null unpins). */
export function pinComment(
  database: Database,
  input: Target & { messageId: number | null },
): Promise<LiveMessage> {
  return hostAction(database, input, async (tx, room) => {
    let pinned: LiveMessage | null = null;
    if (input.messageId !== null) {
      const [row] = await tx
        .select()
        .from(liveMessages)
        .where(
          and(
            eq(liveMessages.id, input.messageId),
            eq(liveMessages.roomId, room.id),
            eq(liveMessages.kind, LiveMessageKind.Comment),
          ),
        );
      if (!row) throw appError(Errors.LIVE_MESSAGE_NOT_FOUND);
      pinned = toMessage(row);
    }
    await tx
      .update(liveRooms)
      .set({ pinnedMessageId: input.messageId })
      .where(eq(liveRooms.id, room.id));
    return {
      kind: LiveMessageKind.Pin,
      body: pinned
        ? { messageId: pinned.id, nickName: pinned.nickName, text: pinned.body['text'] }
        : { messageId: null },
    };
  });
}

/** 讲解: the product being explained becomes one of the room's products. */
export function switchProduct(
  database: Database,
  input: Target & { productNo: string },
): Promise<LiveMessage> {
  return hostAction(database, input, async (tx, room) => {
    const [row] = await tx
      .update(liveRooms)
      .set({ currentProductNo: input.productNo })
      .where(
        and(
          eq(liveRooms.id, room.id),
          sql`${liveRooms.productNos} @> ${JSON.stringify([input.productNo])}::jsonb`,
        ),
      )
      .returning({ id: liveRooms.id });
    if (!row) throw appError(Errors.LIVE_PRODUCT_NOT_IN_ROOM);
    return { kind: LiveMessageKind.Product, body: { productNo: input.productNo } };
  });
}

/** The room's live coupon popup in force now (page live_page), if any. */
export async function livePopupId(
  db: DbOrTx,
  room: { shopId: string; liveNo: string },
  now = new Date(),
): Promise<{ id: number; title: string } | null> {
  const [row] = await db
    .select({ id: couponPopups.id, title: couponPopups.title })
    .from(couponPopups)
    .where(
      and(
        eq(couponPopups.shopId, room.shopId),
        eq(couponPopups.pageCode, 'live_page'),
        eq(couponPopups.liveNo, room.liveNo),
        eq(couponPopups.active, true),
        lte(couponPopups.startsAt, now),
        gt(couponPopups.endsAt, now),
      ),
    )
    .orderBy(desc(couponPopups.id))
    .limit(1);
  return row ?? null;
}

/** 发券: every viewer gets the room's coupon popup (each sees the coupons they may still draw). */
export function dropCoupon(database: Database, input: Target): Promise<LiveMessage> {
  return hostAction(database, input, async (tx, room) => {
    const popup = await livePopupId(tx, room, input.now);
    if (!popup) throw appError(Errors.LIVE_NO_COUPON);
    return { kind: LiveMessageKind.Coupon, body: { popupId: popup.id, title: popup.title } };
  });
}
