/**
 * Customer service on the embedded database with the real migrations and the demo data: one
 * conversation per shopper and shop, sending (cards read on the server, the other side's unread
 * counter, reopening), history pages, read marks, the console, who may do what, and the bus.
 */
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { memoryDatabase, SEED_NOW } from '#tests/fixtures/db.ts';
import { givenMember } from '#tests/fixtures/given.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';
import { productCardsByNo } from '#lib/catalog/cards.server.ts';
import { Errors } from '#lib/errors.ts';
import {
  closeConversation,
  consoleHistory,
  findConversation,
  launchConsultation,
  markReadByShop,
  markReadByShopper,
  messagesAfter,
  replyAsShop,
  sendAsShopper,
  shopConversations,
  shopperHistory,
  type ServiceEvent,
} from './conversations.server.ts';
import { readServiceImage, storeServiceImage } from './images.server.ts';
import { shopperStream } from './streams.server.ts';
import { ConversationStatus } from './status.ts';
import { OrderStatus } from '#lib/orders/index.ts';

let database: Database;
const ids = {} as Record<'consumer' | 'service' | 'owner' | 'owner1002' | 'manager', number>;
const SHOP = '1001';
const product = seedHandles.shop1001.sales.senyeRunning.products[0]!;
let events: ServiceEvent[] = [];

async function userId(phone: string): Promise<number> {
  const [row] = await database.db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.phone, phone));
  return row!.id;
}

beforeAll(async () => {
  database = await memoryDatabase();
  ids.consumer = await userId(demoPhones.consumer);
  ids.service = await userId(demoPhones.service1001);
  ids.owner = await userId(demoPhones.owner1001);
  ids.owner1002 = await userId(demoPhones.owner1002);
  ids.manager = await userId(demoPhones.manager1001);
  await database.bus.subscribe('service', (message) => events.push(message as ServiceEvent));
});
afterAll(() => database.close());
beforeEach(() => {
  events = [];
});

/** A fresh shopper of shop 1001 (no conversation yet), so tests do not share counters. */
async function shopper(): Promise<number> {
  return (await givenMember(database.db, SHOP)).id;
}

/** Waits until the bus delivered `n` events about the user (it delivers on a later turn). */
async function busEvents(user: number, n: number): Promise<ServiceEvent[]> {
  const about = () => events.filter((event) => event.user === user);
  for (let i = 0; i < 100 && about().length < n; i++) await new Promise((r) => setImmediate(r));
  return about();
}

const text = (value: string) => ({ kind: 'text', text: value }) as const;

describe('a shopper writes to the shop', () => {
  it('opens one conversation per shopper and shop, even when asked at once', async () => {
    const me = await shopper();
    const opened = await Promise.all([
      launchConsultation(database, { shopId: SHOP, userId: me }),
      launchConsultation(database, { shopId: SHOP, userId: me }),
      sendAsShopper(database, { shopId: SHOP, userId: me, message: text('在吗') }),
    ]);
    const [rows] = await Promise.all([
      database.db
        .select({ id: t.serviceConversations.id })
        .from(t.serviceConversations)
        .where(eq(t.serviceConversations.userId, me)),
    ]);
    expect(rows).toHaveLength(1);
    expect(opened[0].conversation.conversationId).toBe(rows[0]!.id);
    expect(opened[1].conversation.conversationId).toBe(rows[0]!.id);
  });

  it("stores the message, counts it unread for the shop's side and tells the bus after", async () => {
    const me = await shopper();
    const sent = await sendAsShopper(database, {
      shopId: SHOP,
      userId: me,
      message: text('  请问这件冲锋衣什么时候发货？  '),
    });
    expect(sent).toMatchObject({
      kind: 'text',
      text: '请问这件冲锋衣什么时候发货？',
      fromShop: false,
    });
    const conversation = await findConversation(database.db, SHOP, me);
    expect(conversation).toMatchObject({
      status: ConversationStatus.Open,
      lastPreview: '请问这件冲锋衣什么时候发货？',
      shopUnread: 1,
      shopperUnread: 0,
    });
    const [event] = await busEvents(me, 1);
    expect(event).toMatchObject({
      type: 'message',
      shop: SHOP,
      user: me,
      conversation: conversation!.conversationId,
      id: sent.id,
      message: { text: '请问这件冲锋衣什么时候发货？' },
      summary: { shopUnread: 1 },
    });
  });

  it('reads a product card from the catalogue and pricing, never from the client', async () => {
    const me = await shopper();
    const [card] = await productCardsByNo(database.db, SHOP, [product.productNo]);
    const sent = await sendAsShopper(database, {
      shopId: SHOP,
      userId: me,
      message: { kind: 'product', productNo: product.productNo },
    });
    expect(sent).toMatchObject({
      kind: 'product',
      productNo: product.productNo,
      name: product.name,
      imageUrl: card!.imageUrl,
      priceCents: card!.priceCents,
    });
    expect((await findConversation(database.db, SHOP, me))!.lastPreview).toBe(
      `[商品] ${product.name}`,
    );
    // A product of another shop, or none, is refused and nothing is stored.
    const other = seedHandles.shop1002?.sales
      ? Object.values(seedHandles.shop1002.sales)[0]?.products[0]
      : undefined;
    for (const productNo of [other?.productNo ?? 'P1002000001', 'NOPE1']) {
      await expect(
        sendAsShopper(database, {
          shopId: SHOP,
          userId: me,
          message: { kind: 'product', productNo },
        }),
      ).rejects.toMatchObject({ code: Errors.SERVICE_PRODUCT_NOT_FOUND.code });
    }
    expect((await shopperHistory(database.db, { shopId: SHOP, userId: me })).messages).toHaveLength(
      1,
    );
  });

  it("sends an order card of the shopper's own order only, with its state, amount and picture", async () => {
    const [own] = await database.db
      .select({ orderNo: t.orders.orderNo, payCents: t.orders.payCents })
      .from(t.orders)
      .where(and(eq(t.orders.userId, ids.consumer), eq(t.orders.shopId, SHOP)))
      .limit(1);
    const stranger = await shopper();
    await expect(
      sendAsShopper(database, {
        shopId: SHOP,
        userId: stranger,
        message: { kind: 'order', orderNo: own!.orderNo },
      }),
    ).rejects.toMatchObject({ code: Errors.SERVICE_ORDER_NOT_FOUND.code });
    // Nothing half saved: not even the conversation the send would have opened.
    expect(await findConversation(database.db, SHOP, stranger)).toBeNull();
    expect(
      (await shopperHistory(database.db, { shopId: SHOP, userId: stranger })).messages,
    ).toEqual([]);

    const sent = await sendAsShopper(database, {
      shopId: SHOP,
      userId: ids.consumer,
      message: { kind: 'order', orderNo: own!.orderNo },
    });
    expect(sent).toMatchObject({ kind: 'order', orderNo: own!.orderNo, payCents: own!.payCents });
    expect((sent as { statusText: string }).statusText).not.toBe('');
    expect((sent as { imageUrl: string | null }).imageUrl).toMatch(/^\//);
  });

  it('an order card reads the order as it stands now: a card sent at 待付款 says 已取消 once cancelled', async () => {
    const [unpaid] = await database.db
      .select({ id: t.orders.id, orderNo: t.orders.orderNo })
      .from(t.orders)
      .where(
        and(
          eq(t.orders.userId, ids.consumer),
          eq(t.orders.shopId, SHOP),
          eq(t.orders.status, OrderStatus.AwaitingPayment),
        ),
      )
      .limit(1);
    const sent = await sendAsShopper(database, {
      shopId: SHOP,
      userId: ids.consumer,
      message: { kind: 'order', orderNo: unpaid!.orderNo },
    });
    expect(sent).toMatchObject({ kind: 'order', statusText: '待付款' });
    await database.db
      .update(t.orders)
      .set({ status: OrderStatus.Cancelled })
      .where(eq(t.orders.id, unpaid!.id));
    const card = (messages: { id: number }[]) => messages.find((m) => m.id === sent.id);
    const shopper = await shopperHistory(database.db, { shopId: SHOP, userId: ids.consumer });
    expect(card(shopper.messages)).toMatchObject({
      orderNo: unpaid!.orderNo,
      statusText: '已取消',
    });
    const staff = await consoleHistory(database.db, {
      shopId: SHOP,
      staffId: ids.service,
      conversationId: sent.conversationId,
    });
    expect(card(staff.messages)).toMatchObject({ statusText: '已取消' });
    const resumed = await messagesAfter(database.db, { shopId: SHOP }, sent.id - 1);
    expect(card(resumed)).toMatchObject({ statusText: '已取消' });
  });

  it('refuses an empty or over-long text and more than 10 messages in 10 s, saving nothing', async () => {
    const me = await shopper();
    await expect(
      sendAsShopper(database, { shopId: SHOP, userId: me, message: text(' 😀 ') }),
    ).rejects.toMatchObject({ code: Errors.SERVICE_TEXT_EMPTY.code, message: '请输入消息内容' });
    await expect(
      sendAsShopper(database, { shopId: SHOP, userId: me, message: text('字'.repeat(501)) }),
    ).rejects.toMatchObject({ code: Errors.SERVICE_TEXT_TOO_LONG.code });
    const now = new Date(SEED_NOW.getTime() + 3_600_000);
    for (let i = 0; i < 10; i++) {
      await sendAsShopper(database, { shopId: SHOP, userId: me, message: text(`第${i}条`), now });
    }
    await expect(
      sendAsShopper(database, { shopId: SHOP, userId: me, message: text('太快了'), now }),
    ).rejects.toMatchObject({
      code: Errors.SERVICE_TOO_FAST.code,
      message: '发送太频繁，请稍后再试',
    });
    expect(await findConversation(database.db, SHOP, me)).toMatchObject({ shopUnread: 10 });
    // Ten seconds later the window has moved on.
    await sendAsShopper(database, {
      shopId: SHOP,
      userId: me,
      message: text('好了'),
      now: new Date(now.getTime() + 10_001),
    });
    expect(await findConversation(database.db, SHOP, me)).toMatchObject({ shopUnread: 11 });
  });
});

describe('history', () => {
  it('pages 20 at a time, oldest first, before a message id', async () => {
    const me = await shopper();
    const start = SEED_NOW.getTime();
    for (let i = 1; i <= 45; i++) {
      await sendAsShopper(database, {
        shopId: SHOP,
        userId: me,
        message: text(`消息${i}`),
        now: new Date(start + i * 60_000),
      });
    }
    const latest = await shopperHistory(database.db, { shopId: SHOP, userId: me });
    expect(latest.messages.map((m) => (m as { text: string }).text)).toEqual(
      Array.from({ length: 20 }, (_, i) => `消息${i + 26}`),
    );
    expect(latest.hasMore).toBe(true);
    const earlier = await shopperHistory(database.db, {
      shopId: SHOP,
      userId: me,
      before: latest.messages[0]!.id,
    });
    expect(earlier.messages[0]).toMatchObject({ text: '消息6' });
    const first = await shopperHistory(database.db, {
      shopId: SHOP,
      userId: me,
      before: earlier.messages[0]!.id,
    });
    expect(first.messages.map((m) => (m as { text: string }).text)).toEqual(
      Array.from({ length: 5 }, (_, i) => `消息${i + 1}`),
    );
    expect(first.hasMore).toBe(false);
  });

  it('is empty for a shopper who never wrote', async () => {
    expect(await shopperHistory(database.db, { shopId: SHOP, userId: await shopper() })).toEqual({
      conversation: null,
      messages: [],
      hasMore: false,
    });
  });
});

describe("the shop's side", () => {
  it('customer service and the owner reply; the shopper gets an unread count and reads it', async () => {
    const me = await shopper();
    await sendAsShopper(database, { shopId: SHOP, userId: me, message: text('有优惠券吗') });
    const { conversationId } = (await findConversation(database.db, SHOP, me))!;
    await markReadByShop(database, { shopId: SHOP, staffId: ids.service, conversationId });
    await replyAsShop(database, {
      shopId: SHOP,
      staffId: ids.service,
      conversationId,
      message: text('有的，领券中心可以领'),
    });
    await replyAsShop(database, {
      shopId: SHOP,
      staffId: ids.owner,
      conversationId,
      message: { kind: 'product', productNo: product.productNo },
    });
    expect(await findConversation(database.db, SHOP, me)).toMatchObject({
      shopUnread: 0,
      shopperUnread: 2,
    });
    const history = await consoleHistory(database.db, {
      shopId: SHOP,
      staffId: ids.service,
      conversationId,
    });
    expect(history.messages.map((m) => m.fromShop)).toEqual([false, true, true]);
    expect(await markReadByShopper(database, SHOP, me)).toMatchObject({ shopperUnread: 0 });
  });

  it('lists the open conversations first, newest first, with their unread counts', async () => {
    const a = await shopper();
    const b = await shopper();
    await sendAsShopper(database, { shopId: SHOP, userId: a, message: text('A') });
    await sendAsShopper(database, { shopId: SHOP, userId: b, message: text('B') });
    const aId = (await findConversation(database.db, SHOP, a))!.conversationId;
    await closeConversation(database, { shopId: SHOP, staffId: ids.service, conversationId: aId });
    const list = await shopConversations(database.db, SHOP, ids.service);
    const statuses = list.map((c) => c.status);
    expect(statuses).toEqual([...statuses].sort((x, y) => x - y));
    const open = list.filter((c) => c.status === ConversationStatus.Open);
    const times = open.map((c) => c.lastMessageAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(list.find((c) => c.shopper.userId === b)).toMatchObject({ shopUnread: 1 });
    expect(list.find((c) => c.shopper.userId === a)).toMatchObject({
      status: ConversationStatus.Closed,
    });
  });

  it('closes a conversation; the shopper writing again opens it again', async () => {
    const me = await shopper();
    await sendAsShopper(database, { shopId: SHOP, userId: me, message: text('谢谢') });
    const { conversationId } = (await findConversation(database.db, SHOP, me))!;
    await closeConversation(database, { shopId: SHOP, staffId: ids.owner, conversationId });
    await expect(
      closeConversation(database, { shopId: SHOP, staffId: ids.owner, conversationId }),
    ).rejects.toMatchObject({ code: Errors.SERVICE_ALREADY_CLOSED.code });
    expect(await findConversation(database.db, SHOP, me)).toMatchObject({
      status: ConversationStatus.Closed,
    });
    await sendAsShopper(database, { shopId: SHOP, userId: me, message: text('还有一个问题') });
    expect(await findConversation(database.db, SHOP, me)).toMatchObject({
      status: ConversationStatus.Open,
    });
  });

  it("refuses everyone else: a shopper, the manager, another shop's owner or staff", async () => {
    const me = await shopper();
    await sendAsShopper(database, { shopId: SHOP, userId: me, message: text('私事') });
    const { conversationId } = (await findConversation(database.db, SHOP, me))!;
    const staff1002 = (await givenMember(database.db, '1002', { role: 5 })).id;
    const outsiders = [await shopper(), ids.manager, ids.owner1002, staff1002, ids.consumer];
    for (const staffId of outsiders) {
      await expect(shopConversations(database.db, SHOP, staffId)).rejects.toMatchObject({
        code: 40301,
      });
      await expect(
        consoleHistory(database.db, { shopId: SHOP, staffId, conversationId }),
      ).rejects.toMatchObject({ code: 40301 });
      await expect(
        replyAsShop(database, { shopId: SHOP, staffId, conversationId, message: text('冒充') }),
      ).rejects.toMatchObject({ code: 40301 });
      await expect(
        closeConversation(database, { shopId: SHOP, staffId, conversationId }),
      ).rejects.toMatchObject({ code: 40301 });
    }
    // Staff of shop 1002 naming this conversation under their own shop: not found.
    await expect(
      consoleHistory(database.db, { shopId: '1002', staffId: staff1002, conversationId }),
    ).rejects.toMatchObject({ code: Errors.SERVICE_CONVERSATION_NOT_FOUND.code });
    await expect(
      replyAsShop(database, {
        shopId: '1002',
        staffId: ids.owner1002,
        conversationId,
        message: text('冒充'),
      }),
    ).rejects.toMatchObject({ code: Errors.SERVICE_CONVERSATION_NOT_FOUND.code });
    const history = await shopperHistory(database.db, { shopId: SHOP, userId: me });
    expect(history.messages).toHaveLength(1);
    expect(history.conversation).toMatchObject({ shopUnread: 1, status: ConversationStatus.Open });
  });
});

describe('streams read back what they missed', () => {
  it('answers the messages after an id, per shopper or for the whole shop', async () => {
    const a = await shopper();
    const b = await shopper();
    const first = await sendAsShopper(database, { shopId: SHOP, userId: a, message: text('1') });
    const second = await sendAsShopper(database, { shopId: SHOP, userId: b, message: text('2') });
    const third = await sendAsShopper(database, { shopId: SHOP, userId: a, message: text('3') });
    expect(
      (await messagesAfter(database.db, { shopId: SHOP, userId: a }, first.id)).map((m) => m.id),
    ).toEqual([third.id]);
    expect((await messagesAfter(database.db, { shopId: SHOP }, first.id)).map((m) => m.id)).toEqual(
      [second.id, third.id],
    );
  });

  it("refuses a shopper's stream of a shop that does not exist, instead of a stream that never speaks", async () => {
    const request = new Request('http://shop.test/api/service/stream');
    await expect(shopperStream(request, database, '99999999', ids.consumer)).rejects.toMatchObject({
      code: Errors.SERVICE_SHOP_UNAVAILABLE.code,
    });
    const open = await shopperStream(request, database, SHOP, ids.consumer);
    expect(open.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await open.body!.cancel();
  });
});

describe('chat pictures', () => {
  const picture = (format: 'png' | 'jpeg' | 'gif', side = 2000) =>
    sharp({ create: { width: side, height: side / 2, channels: 3, background: '#3366cc' } })
      .toFormat(format)
      .toBuffer();

  it('are resized, sent by their uploader only, and seen only by the two sides', async () => {
    const me = await shopper();
    const stored = await storeServiceImage(database.db, me, await picture('png'));
    expect(stored).toMatchObject({ width: 1280, height: 640 });
    const other = await shopper();
    await expect(
      sendAsShopper(database, {
        shopId: SHOP,
        userId: other,
        message: { kind: 'image', mediaId: stored.mediaId },
      }),
    ).rejects.toMatchObject({ code: Errors.SERVICE_IMAGE_NOT_UPLOADED.code });
    const sent = await sendAsShopper(database, {
      shopId: SHOP,
      userId: me,
      message: { kind: 'image', mediaId: stored.mediaId },
    });
    expect(sent).toMatchObject({ kind: 'image', url: `/api/service/image/${stored.mediaId}` });
    expect(await readServiceImage(database.db, me, stored.mediaId)).not.toBeNull();
    expect(await readServiceImage(database.db, ids.service, stored.mediaId)).not.toBeNull();
    expect(await readServiceImage(database.db, other, stored.mediaId)).toBeNull();
    expect(await readServiceImage(database.db, ids.owner1002, stored.mediaId)).toBeNull();
  });

  it('refuses what is not a JPEG, PNG or WebP picture', async () => {
    const me = await shopper();
    for (const bytes of [await picture('gif', 200), new TextEncoder().encode('<svg/>')]) {
      await expect(storeServiceImage(database.db, me, bytes)).rejects.toMatchObject({
        code: Errors.SERVICE_IMAGE_TYPE.code,
      });
    }
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.media)
      .where(eq(t.media.ownerUserId, me));
    expect(row!.n).toBe(0);
  });
});
