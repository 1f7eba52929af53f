/**
 * Customer service (issue #16 item 6): one conversation per shopper and shop, its messages, who
 * may read and write them, and the events the streams fan out.
 *
 * - **Who is the shop's side:** the shop's owner and its members whose maxRole is customer
 *   service (5). Everyone else is refused the console (40301); a conversation of another shop
 *   answers like a missing one. A shopper only ever reaches their own conversation: the shop and
 *   the session name it, never an id from the client.
 * - **One send, one transaction:** under the shop's send lock (ids commit in id order per shop,
 *   so a stream resuming after an id never skips one) the conversation row is locked, the rate
 *   limit counted, the message inserted, and the conversation's preview, time, the other side's
 *   unread counter and its status (a closed one opens again) updated. Cards are read on the
 *   server: a product's title, picture and price from the catalogue and pricing, an order's
 *   state, amount and first picture from the shopper's own order. The bus hears of it after the
 *   commit; what is lost there is read from the table by the next reconnect.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { Database, DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import {
  media,
  orderLines,
  orders,
  serviceConversations,
  serviceMessages,
  shopMembers,
  shops,
  users,
} from '#lib/platform/db/schema.ts';
import { LockClass, lockForTransaction } from '#lib/platform/db/locks.server.ts';
import type { Bus } from '#lib/platform/bus.server.ts';
import { MemberRole } from '#lib/membership/index.ts';
import { ShopStatus } from '#lib/shop/index.ts';
import { productCardsByNo } from '#lib/catalog/index.server.ts';
import { orderStatusText } from '#lib/orders/index.ts';
import { ConversationStatus, ServiceMessageKind } from './status.ts';
import {
  HISTORY_PAGE_SIZE,
  RATE_WINDOW_MS,
  checkText,
  previewOf,
  withinRate,
  type MessageBody,
  type MessageView,
} from './messages.ts';
import { serviceImageUrl } from './images.ts';

/** What a sender asks to send; cards name their product or order, the server fills them in. */
export type SendInput =
  | { kind: 'text'; text: string }
  | { kind: 'product'; productNo: string }
  | { kind: 'order'; orderNo: string }
  | { kind: 'image'; mediaId: number };

export interface ConversationView {
  conversationId: number;
  shopId: string;
  status: ConversationStatus;
  lastPreview: string;
  /** ISO time. */
  lastMessageAt: string;
  shopperUnread: number;
  shopUnread: number;
  shopper: { userId: number; nickname: string; avatarUrl: string | null };
}

export interface HistoryPage {
  conversation: ConversationView | null;
  /** Oldest first. */
  messages: MessageView[];
  /** Older messages exist before the first one. */
  hasMore: boolean;
}

/**
 * What the bus carries on channel 'service': the conversation, its shop and shopper, and what
 * happened. A message event's id is the message's (the streams' event id).
 */
export type ServiceEvent =
  | {
      type: 'message';
      conversation: number;
      shop: string;
      user: number;
      id: number;
      message: MessageView;
      summary: ConversationView;
    }
  | {
      type: 'read' | 'closed';
      conversation: number;
      shop: string;
      user: number;
      summary: ConversationView;
    };

type Sender = { side: 'shopper' | 'shop'; userId: number };

const conversationColumns = {
  id: serviceConversations.id,
  shopId: serviceConversations.shopId,
  userId: serviceConversations.userId,
  status: serviceConversations.status,
  lastPreview: serviceConversations.lastPreview,
  lastMessageAt: serviceConversations.lastMessageAt,
  shopperUnread: serviceConversations.shopperUnread,
  shopUnread: serviceConversations.shopUnread,
};
type ConversationRow = {
  id: number;
  shopId: string;
  userId: number;
  status: number;
  lastPreview: string;
  lastMessageAt: Date;
  shopperUnread: number;
  shopUnread: number;
};

const messageColumns = {
  id: serviceMessages.id,
  conversationId: serviceMessages.conversationId,
  fromShop: serviceMessages.fromShop,
  kind: serviceMessages.kind,
  body: serviceMessages.body,
  createdAt: serviceMessages.createdAt,
};
type MessageRow = {
  id: number;
  conversationId: number;
  fromShop: number;
  kind: string;
  body: Record<string, unknown>;
  createdAt: Date;
};

function messageView(row: MessageRow): MessageView {
  return {
    ...(row.body as object),
    kind: row.kind,
    id: row.id,
    conversationId: row.conversationId,
    fromShop: row.fromShop === 1,
    createdAt: row.createdAt.toISOString(),
  } as MessageView;
}

async function shopperOf(db: DbOrTx, userId: number): Promise<ConversationView['shopper']> {
  const [row] = await db
    .select({ nickname: users.nickname, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, userId));
  return { userId, nickname: row?.nickname || '顾客', avatarUrl: row?.avatarUrl ?? null };
}

function conversationView(
  row: ConversationRow,
  shopper: ConversationView['shopper'],
): ConversationView {
  return {
    conversationId: row.id,
    shopId: row.shopId,
    status: row.status as ConversationStatus,
    lastPreview: row.lastPreview,
    lastMessageAt: row.lastMessageAt.toISOString(),
    shopperUnread: row.shopperUnread,
    shopUnread: row.shopUnread,
    shopper,
  };
}

// --- who may -----------------------------------------------------------------------------------

export async function requireOpenShop(db: DbOrTx, shopId: string): Promise<void> {
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.status, ShopStatus.Open)));
  if (!shop) throw appError(Errors.SERVICE_SHOP_UNAVAILABLE);
}

/** Whether the user answers the shop's customers: its owner, or its customer service (maxRole 5). */
export async function isShopStaff(db: DbOrTx, shopId: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(
      and(
        eq(shops.id, shopId),
        eq(shops.status, ShopStatus.Open),
        sql`(${shops.ownerUserId} = ${userId} or exists (
          select 1 from ${shopMembers} where ${shopMembers.shopId} = ${shops.id}
            and ${shopMembers.userId} = ${userId}
            and ${shopMembers.maxRole} = ${MemberRole.CustomerService}))`,
      ),
    );
  return row !== undefined;
}

export async function requireShopStaff(db: DbOrTx, shopId: string, userId: number): Promise<void> {
  if (!(await isShopStaff(db, shopId, userId))) throw appError(Errors.SERVICE_NOT_STAFF);
}

/** The shop's conversation with this id, or the refusal (another shop's answers the same). */
async function shopConversation(
  db: DbOrTx,
  shopId: string,
  conversationId: number,
): Promise<ConversationRow> {
  const [row] = await db
    .select(conversationColumns)
    .from(serviceConversations)
    .where(
      and(eq(serviceConversations.id, conversationId), eq(serviceConversations.shopId, shopId)),
    );
  if (!row) throw appError(Errors.SERVICE_CONVERSATION_NOT_FOUND);
  return row;
}

async function ownConversation(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<ConversationRow | null> {
  const [row] = await db
    .select(conversationColumns)
    .from(serviceConversations)
    .where(and(eq(serviceConversations.shopId, shopId), eq(serviceConversations.userId, userId)));
  return row ?? null;
}

/** The shopper's conversation with the shop, made when there is none (race-safe: one per pair). */
async function openOwn(db: DbOrTx, shopId: string, userId: number): Promise<ConversationRow> {
  await db
    .insert(serviceConversations)
    .values({ shopId, userId })
    .onConflictDoNothing({ target: [serviceConversations.shopId, serviceConversations.userId] });
  const row = await ownConversation(db, shopId, userId);
  if (!row) throw new Error('service conversation vanished after its insert');
  return row;
}

// --- reading -----------------------------------------------------------------------------------

/** The shopper's conversation with the shop, or null before their first message. */
export async function findConversation(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<ConversationView | null> {
  const row = await ownConversation(db, shopId, userId);
  return row ? conversationView(row, await shopperOf(db, userId)) : null;
}

/** Opens (or finds) the shopper's conversation with the shop. */
export async function openConversation(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<ConversationView> {
  await requireOpenShop(db, shopId);
  const row = await openOwn(db, shopId, userId);
  return conversationView(row, await shopperOf(db, userId));
}

/**
 * Order cards say how the order stands now, not when the card was sent: a card sent at 待付款 of
 * an order cancelled since reads 已取消. One read for the page's cards.
 */
async function withOrdersNow(
  db: DbOrTx,
  shopId: string,
  messages: MessageView[],
): Promise<MessageView[]> {
  const orderNos = [
    ...new Set(messages.flatMap((m) => (m.kind === ServiceMessageKind.Order ? [m.orderNo] : []))),
  ];
  if (orderNos.length === 0) return messages;
  const rows = await db
    .select({ orderNo: orders.orderNo, status: orders.status })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), inArray(orders.orderNo, orderNos)));
  const now = new Map(rows.map((row) => [row.orderNo, orderStatusText(row.status)]));
  return messages.map((m) =>
    m.kind === ServiceMessageKind.Order && now.has(m.orderNo)
      ? { ...m, statusText: now.get(m.orderNo)! }
      : m,
  );
}

async function messagesBefore(
  db: DbOrTx,
  shopId: string,
  conversationId: number,
  before: number | undefined,
): Promise<{ messages: MessageView[]; hasMore: boolean }> {
  const rows = await db
    .select(messageColumns)
    .from(serviceMessages)
    .where(
      and(
        eq(serviceMessages.conversationId, conversationId),
        before === undefined ? undefined : lt(serviceMessages.id, before),
      ),
    )
    .orderBy(desc(serviceMessages.id))
    .limit(HISTORY_PAGE_SIZE + 1);
  const hasMore = rows.length > HISTORY_PAGE_SIZE;
  const messages = rows.slice(0, HISTORY_PAGE_SIZE).reverse().map(messageView);
  return { messages: await withOrdersNow(db, shopId, messages), hasMore };
}

/** A page of the shopper's own conversation: the latest 20, or the 20 before a message id. */
export async function shopperHistory(
  db: DbOrTx,
  input: { shopId: string; userId: number; before?: number | undefined },
): Promise<HistoryPage> {
  const row = await ownConversation(db, input.shopId, input.userId);
  if (!row) return { conversation: null, messages: [], hasMore: false };
  const page = await messagesBefore(db, input.shopId, row.id, input.before);
  return { conversation: conversationView(row, await shopperOf(db, input.userId)), ...page };
}

/** A page of one of the shop's conversations, for its owner or customer service. */
export async function consoleHistory(
  db: DbOrTx,
  input: { shopId: string; staffId: number; conversationId: number; before?: number | undefined },
): Promise<HistoryPage> {
  await requireShopStaff(db, input.shopId, input.staffId);
  const row = await shopConversation(db, input.shopId, input.conversationId);
  const page = await messagesBefore(db, input.shopId, row.id, input.before);
  return { conversation: conversationView(row, await shopperOf(db, row.userId)), ...page };
}

/** Conversations the console lists at most (the open ones first, then the newest). */
export const CONSOLE_LIST_MAX = 100;

/** The shop's conversations: open before closed, newest first, with their unread counts. */
export async function shopConversations(
  db: DbOrTx,
  shopId: string,
  staffId: number,
): Promise<ConversationView[]> {
  await requireShopStaff(db, shopId, staffId);
  const rows = await db
    .select({ ...conversationColumns, nickname: users.nickname, avatarUrl: users.avatarUrl })
    .from(serviceConversations)
    .innerJoin(users, eq(users.id, serviceConversations.userId))
    .where(eq(serviceConversations.shopId, shopId))
    .orderBy(
      asc(serviceConversations.status),
      desc(serviceConversations.lastMessageAt),
      desc(serviceConversations.id),
    )
    .limit(CONSOLE_LIST_MAX);
  return rows.map((row) =>
    conversationView(row, {
      userId: row.userId,
      nickname: row.nickname || '顾客',
      avatarUrl: row.avatarUrl,
    }),
  );
}

/** Unread replies of the shopper in the shop (the my page's and im-index's message number). */
export async function shopperUnread(db: DbOrTx, shopId: string, userId: number): Promise<number> {
  const row = await ownConversation(db, shopId, userId);
  return row?.shopperUnread ?? 0;
}

/** Unread messages over the shop's conversations (the 客服 console's number). */
export async function shopUnreadTotal(db: DbOrTx, shopId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${serviceConversations.shopUnread}), 0)::int` })
    .from(serviceConversations)
    .where(eq(serviceConversations.shopId, shopId));
  return Number(row?.n ?? 0);
}

/** Messages after `afterId` for a stream resuming: one shopper's conversation, or a whole shop. */
export async function messagesAfter(
  db: DbOrTx,
  scope: { shopId: string; userId?: number },
  afterId: number,
  limit = 500,
): Promise<MessageView[]> {
  const rows = await db
    .select(messageColumns)
    .from(serviceMessages)
    .innerJoin(serviceConversations, eq(serviceConversations.id, serviceMessages.conversationId))
    .where(
      and(
        eq(serviceConversations.shopId, scope.shopId),
        scope.userId === undefined ? undefined : eq(serviceConversations.userId, scope.userId),
        gt(serviceMessages.id, afterId),
      ),
    )
    .orderBy(asc(serviceMessages.id))
    .limit(limit);
  return withOrdersNow(db, scope.shopId, rows.map(messageView));
}

/** The newest message id of the scope (a stream opened without a position starts after it). */
export async function latestMessageId(
  db: DbOrTx,
  scope: { shopId: string; userId?: number },
): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${serviceMessages.id}), 0)` })
    .from(serviceMessages)
    .innerJoin(serviceConversations, eq(serviceConversations.id, serviceMessages.conversationId))
    .where(
      and(
        eq(serviceConversations.shopId, scope.shopId),
        scope.userId === undefined ? undefined : eq(serviceConversations.userId, scope.userId),
      ),
    );
  return Number(row?.id ?? 0);
}

// --- sending -----------------------------------------------------------------------------------

/** The stored body of what the sender asks to send; cards and pictures read on the server. */
async function bodyOf(
  tx: Tx,
  conversation: ConversationRow,
  sender: Sender,
  input: SendInput,
): Promise<MessageBody> {
  switch (input.kind) {
    case 'text': {
      const check = checkText(input.text);
      if (!check.ok) throw appError(check.error);
      return { kind: ServiceMessageKind.Text, text: check.value };
    }
    case 'product': {
      const [card] = await productCardsByNo(tx, conversation.shopId, [input.productNo]);
      if (!card) throw appError(Errors.SERVICE_PRODUCT_NOT_FOUND);
      return {
        kind: ServiceMessageKind.Product,
        productNo: card.productNo,
        name: card.name,
        imageUrl: card.imageUrl,
        priceCents: card.priceCents,
      };
    }
    case 'order': {
      // The conversation's shopper's own order in this shop, whichever side sends the card.
      const [order] = await tx
        .select({
          id: orders.id,
          orderNo: orders.orderNo,
          status: orders.status,
          pay: orders.payCents,
        })
        .from(orders)
        .where(
          and(
            eq(orders.orderNo, input.orderNo.toUpperCase()),
            eq(orders.userId, conversation.userId),
            eq(orders.shopId, conversation.shopId),
          ),
        );
      if (!order) throw appError(Errors.SERVICE_ORDER_NOT_FOUND);
      const lines = await tx
        .select({ imageUrl: orderLines.imageUrl, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.id));
      return {
        kind: ServiceMessageKind.Order,
        orderNo: order.orderNo,
        statusText: orderStatusText(order.status),
        payCents: order.pay,
        pieces: lines.reduce((sum, line) => sum + line.quantity, 0),
        imageUrl: lines.find((line) => line.imageUrl)?.imageUrl ?? null,
      };
    }
    case 'image': {
      // A picture the sender uploaded to the chat (private, re-encoded as JPEG by images.server).
      const [picture] = await tx
        .select({ id: media.id, width: media.width, height: media.height })
        .from(media)
        .where(
          and(
            eq(media.id, input.mediaId),
            eq(media.ownerUserId, sender.userId),
            eq(media.isPublic, false),
            eq(media.contentType, 'image/jpeg'),
          ),
        );
      if (!picture) throw appError(Errors.SERVICE_IMAGE_NOT_UPLOADED);
      return {
        kind: ServiceMessageKind.Image,
        mediaId: picture.id,
        url: serviceImageUrl(picture.id),
        width: picture.width ?? 0,
        height: picture.height ?? 0,
      };
    }
  }
}

async function sendIn(
  tx: Tx,
  conversationId: number,
  sender: Sender,
  input: SendInput,
  now: Date,
): Promise<{ message: MessageView; row: ConversationRow }> {
  const [conversation] = await tx
    .select(conversationColumns)
    .from(serviceConversations)
    .where(eq(serviceConversations.id, conversationId))
    .for('update');
  if (!conversation) throw appError(Errors.SERVICE_CONVERSATION_NOT_FOUND);
  const [recent] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(serviceMessages)
    .where(
      and(
        eq(serviceMessages.conversationId, conversationId),
        eq(serviceMessages.senderId, sender.userId),
        gte(serviceMessages.createdAt, new Date(now.getTime() - RATE_WINDOW_MS)),
      ),
    );
  if (!withinRate(Number(recent?.n ?? 0))) throw appError(Errors.SERVICE_TOO_FAST);
  const body = await bodyOf(tx, conversation, sender, input);
  const { kind, ...fields } = body;
  const fromShop = sender.side === 'shop';
  const [inserted] = await tx
    .insert(serviceMessages)
    .values({
      conversationId,
      senderId: sender.userId,
      fromShop: fromShop ? 1 : 0,
      kind,
      body: fields,
      createdAt: now,
    })
    .returning(messageColumns);
  const [row] = await tx
    .update(serviceConversations)
    .set({
      status: ConversationStatus.Open,
      lastPreview: previewOf(body),
      lastMessageAt: now,
      ...(fromShop
        ? { shopperUnread: sql`${serviceConversations.shopperUnread} + 1` }
        : { shopUnread: sql`${serviceConversations.shopUnread} + 1` }),
    })
    .where(eq(serviceConversations.id, conversationId))
    .returning(conversationColumns);
  return { message: messageView(inserted!), row: row! };
}

async function publish(bus: Bus, event: ServiceEvent): Promise<void> {
  // Stored already: a lost notification is read from the table by the next reconnect.
  await bus.publish('service', event).catch(() => {});
}

async function deliver(
  database: Database,
  result: { message: MessageView; row: ConversationRow },
): Promise<MessageView> {
  const summary = conversationView(result.row, await shopperOf(database.db, result.row.userId));
  await publish(database.bus, {
    type: 'message',
    conversation: result.row.id,
    shop: result.row.shopId,
    user: result.row.userId,
    id: result.message.id,
    message: result.message,
    summary,
  });
  return result.message;
}

/** The shopper writes to the shop (the conversation is opened, or opened again, on the way). */
export async function sendAsShopper(
  database: Database,
  input: { shopId: string; userId: number; message: SendInput; now?: Date },
): Promise<MessageView> {
  const now = input.now ?? new Date();
  await requireOpenShop(database.db, input.shopId);
  const result = await database.db.transaction(async (tx) => {
    await lockForTransaction(tx, LockClass.serviceShop, input.shopId);
    const conversation = await openOwn(tx, input.shopId, input.userId);
    return sendIn(
      tx,
      conversation.id,
      { side: 'shopper', userId: input.userId },
      input.message,
      now,
    );
  });
  return deliver(database, result);
}

/** The shop's owner or customer service replies in one of the shop's conversations. */
export async function replyAsShop(
  database: Database,
  input: {
    shopId: string;
    staffId: number;
    conversationId: number;
    message: SendInput;
    now?: Date;
  },
): Promise<MessageView> {
  const now = input.now ?? new Date();
  await requireShopStaff(database.db, input.shopId, input.staffId);
  const result = await database.db.transaction(async (tx) => {
    await lockForTransaction(tx, LockClass.serviceShop, input.shopId);
    await shopConversation(tx, input.shopId, input.conversationId);
    return sendIn(
      tx,
      input.conversationId,
      { side: 'shop', userId: input.staffId },
      input.message,
      now,
    );
  });
  return deliver(database, result);
}

/**
 * Opens the shopper's conversation (launch consultation), with a product or order card as its
 * first message when one is named.
 */
export async function launchConsultation(
  database: Database,
  input: {
    shopId: string;
    userId: number;
    productNo?: string | undefined;
    orderNo?: string | undefined;
  },
): Promise<{ conversation: ConversationView; message: MessageView | null }> {
  const card: SendInput | null = input.productNo
    ? { kind: 'product', productNo: input.productNo }
    : input.orderNo
      ? { kind: 'order', orderNo: input.orderNo }
      : null;
  const message = card
    ? await sendAsShopper(database, { shopId: input.shopId, userId: input.userId, message: card })
    : null;
  const conversation = await openConversation(database.db, input.shopId, input.userId);
  return { conversation, message };
}

// --- read marks and closing --------------------------------------------------------------------

async function changed(
  database: Database,
  type: 'read' | 'closed',
  row: ConversationRow,
): Promise<ConversationView> {
  const summary = conversationView(row, await shopperOf(database.db, row.userId));
  await publish(database.bus, {
    type,
    conversation: row.id,
    shop: row.shopId,
    user: row.userId,
    summary,
  });
  return summary;
}

/** The shopper has read the shop's replies. */
export async function markReadByShopper(
  database: Database,
  shopId: string,
  userId: number,
): Promise<ConversationView | null> {
  const [row] = await database.db
    .update(serviceConversations)
    .set({ shopperUnread: 0 })
    .where(
      and(
        eq(serviceConversations.shopId, shopId),
        eq(serviceConversations.userId, userId),
        gt(serviceConversations.shopperUnread, 0),
      ),
    )
    .returning(conversationColumns);
  if (row) return changed(database, 'read', row);
  return findConversation(database.db, shopId, userId);
}

/** The shop's side has read the shopper's messages of one conversation. */
export async function markReadByShop(
  database: Database,
  input: { shopId: string; staffId: number; conversationId: number },
): Promise<ConversationView> {
  await requireShopStaff(database.db, input.shopId, input.staffId);
  const current = await shopConversation(database.db, input.shopId, input.conversationId);
  const [row] = await database.db
    .update(serviceConversations)
    .set({ shopUnread: 0 })
    .where(
      and(
        eq(serviceConversations.id, input.conversationId),
        eq(serviceConversations.shopId, input.shopId),
        gt(serviceConversations.shopUnread, 0),
      ),
    )
    .returning(conversationColumns);
  if (row) return changed(database, 'read', row);
  return conversationView(current, await shopperOf(database.db, current.userId));
}

/** The shop's side ends a conversation; the shopper's next message opens it again. */
export async function closeConversation(
  database: Database,
  input: { shopId: string; staffId: number; conversationId: number },
): Promise<ConversationView> {
  await requireShopStaff(database.db, input.shopId, input.staffId);
  await shopConversation(database.db, input.shopId, input.conversationId);
  const [row] = await database.db
    .update(serviceConversations)
    .set({ status: ConversationStatus.Closed, shopUnread: 0 })
    .where(
      and(
        eq(serviceConversations.id, input.conversationId),
        eq(serviceConversations.shopId, input.shopId),
        eq(serviceConversations.status, ConversationStatus.Open),
      ),
    )
    .returning(conversationColumns);
  if (!row) throw appError(Errors.SERVICE_ALREADY_CLOSED);
  return changed(database, 'closed', row);
}

/** Whether the viewer may see a chat picture: its sender, or a side of a conversation showing it. */
export async function maySeeServiceImage(
  db: DbOrTx,
  viewerId: number,
  mediaId: number,
): Promise<boolean> {
  const rows = await db
    .select({ shopId: serviceConversations.shopId, userId: serviceConversations.userId })
    .from(serviceMessages)
    .innerJoin(serviceConversations, eq(serviceConversations.id, serviceMessages.conversationId))
    .where(
      and(
        eq(serviceMessages.kind, ServiceMessageKind.Image),
        sql`${serviceMessages.body} @> ${JSON.stringify({ mediaId })}::jsonb`,
      ),
    )
    .limit(10);
  for (const row of rows) {
    if (row.userId === viewerId) return true;
    if (await isShopStaff(db, row.shopId, viewerId)) return true;
  }
  return false;
}
