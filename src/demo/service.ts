/**
 * Shop 1001's customer-service conversations: the demo consumer asking about a product (with its
 * card) and an order, with two replies not yet read; two of the keeper's customers, one waiting
 * for an answer and one closed. Customer service 13800000005 sees them on the 客服 tab, the
 * consumer on im-index. Cards are read from the catalogue and the orders as a send would.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { productCardsByNo } from '#lib/catalog/index.server.ts';
import { orderStatusText } from '#lib/orders/index.ts';
import { ConversationStatus } from '#lib/service/index.ts';
import { previewOf, type MessageBody } from '#lib/service/index.ts';
import type { DemoRole } from './identity.ts';
import { seedHandles } from './handles.ts';

const MINUTE = 60_000;

interface DemoMessage {
  /** Minutes before now. */
  ago: number;
  fromShop: boolean;
  body: MessageBody;
}

async function insertConversation(
  tx: Tx,
  now: Date,
  input: {
    userId: number;
    staffId: number;
    status: ConversationStatus;
    shopperUnread: number;
    shopUnread: number;
    messages: DemoMessage[];
  },
): Promise<void> {
  const last = input.messages.at(-1)!;
  const lastAt = new Date(now.getTime() - last.ago * MINUTE);
  const [conversation] = await tx
    .insert(t.serviceConversations)
    .values({
      shopId: '1001',
      userId: input.userId,
      status: input.status,
      lastPreview: previewOf(last.body),
      lastMessageAt: lastAt,
      shopperUnread: input.shopperUnread,
      shopUnread: input.shopUnread,
      createdAt: new Date(now.getTime() - input.messages[0]!.ago * MINUTE),
    })
    .returning({ id: t.serviceConversations.id });
  await tx.insert(t.serviceMessages).values(
    input.messages.map(({ ago, fromShop, body: { kind, ...fields } }) => ({
      conversationId: conversation!.id,
      senderId: fromShop ? input.staffId : input.userId,
      fromShop: fromShop ? 1 : 0,
      kind,
      body: fields,
      createdAt: new Date(now.getTime() - ago * MINUTE),
    })),
  );
}

const text = (value: string) => ({ kind: 'text', text: value }) as const;

export async function seedServiceConversations(
  tx: Tx,
  now: Date,
  userId: Record<DemoRole, number>,
): Promise<void> {
  const { senyeRunning, yuedongRunning } = seedHandles.shop1001.sales;
  // 森野 轻量防风冲锋衣 and 跃动 缓震竞速跑鞋, as the texts below say.
  const [jacket, shoes] = await productCardsByNo(tx, '1001', [
    senyeRunning.products[0]!.productNo,
    yuedongRunning.products[0]!.productNo,
  ]);
  const [order] = await tx
    .select({
      id: t.orders.id,
      orderNo: t.orders.orderNo,
      status: t.orders.status,
      payCents: t.orders.payCents,
    })
    .from(t.orders)
    .where(and(eq(t.orders.userId, userId.consumer), eq(t.orders.shopId, '1001')))
    .orderBy(asc(t.orders.id))
    .limit(1);
  const lines = order
    ? await tx
        .select({ imageUrl: t.orderLines.imageUrl, quantity: t.orderLines.quantity })
        .from(t.orderLines)
        .where(eq(t.orderLines.orderId, order.id))
        .orderBy(asc(t.orderLines.id))
    : [];
  const product = (card: typeof jacket): MessageBody[] =>
    card
      ? [
          {
            kind: 'product',
            productNo: card.productNo,
            name: card.name,
            imageUrl: card.imageUrl,
            priceCents: card.priceCents,
          },
        ]
      : [];
  const orderCard: MessageBody[] = order
    ? [
        {
          kind: 'order',
          orderNo: order.orderNo,
          statusText: orderStatusText(order.status),
          payCents: order.payCents,
          pieces: lines.reduce((sum, line) => sum + line.quantity, 0),
          imageUrl: lines[0]?.imageUrl ?? null,
        },
      ]
    : [];

  const staff = userId.service1001;
  await insertConversation(tx, now, {
    userId: userId.consumer,
    staffId: staff,
    status: ConversationStatus.Open,
    shopperUnread: 2,
    shopUnread: 0,
    messages: [
      { ago: 26 * 60, fromShop: false, body: text('你好，这件冲锋衣平时穿M码，选哪个尺码合适？') },
      ...product(jacket).map((body) => ({ ago: 26 * 60 - 1, fromShop: false, body })),
      {
        ago: 26 * 60 - 6,
        fromShop: true,
        body: text('亲，这款版型偏大，平时穿M码建议选M码就好哦～'),
      },
      { ago: 26 * 60 - 8, fromShop: false, body: text('好的，那我下单了') },
      ...orderCard.map((body) => ({ ago: 95, fromShop: false, body })),
      { ago: 94, fromShop: false, body: text('这个订单什么时候能发货呀？') },
      {
        ago: 40,
        fromShop: true,
        body: text('已经在打包了，今天下午就会发出，发货后可以在订单里查看物流。'),
      },
      { ago: 39, fromShop: true, body: text('有其他问题随时找我们哦～') },
    ],
  });

  const customers = await tx
    .select({ id: t.users.id, phone: t.users.phone })
    .from(t.users)
    .where(inArray(t.users.phone, ['13900001001', '13900001002']));
  const customer = (phone: string) => customers.find((c) => c.phone === phone)?.id;
  const waiting = customer('13900001001');
  if (waiting) {
    await insertConversation(tx, now, {
      userId: waiting,
      staffId: staff,
      status: ConversationStatus.Open,
      shopperUnread: 0,
      shopUnread: 2,
      messages: [
        ...product(shoes).map((body) => ({ ago: 12, fromShop: false, body })),
        { ago: 11, fromShop: false, body: text('这双鞋还会补货吗？38码没有了') },
      ],
    });
  }
  const done = customer('13900001002');
  if (done) {
    await insertConversation(tx, now, {
      userId: done,
      staffId: staff,
      status: ConversationStatus.Closed,
      shopperUnread: 0,
      shopUnread: 0,
      messages: [
        { ago: 3 * 24 * 60, fromShop: false, body: text('优惠券怎么用不了？') },
        {
          ago: 3 * 24 * 60 - 3,
          fromShop: true,
          body: text('这张券需要满199元才能使用，凑单后结算页会自动选中哦。'),
        },
        { ago: 3 * 24 * 60 - 5, fromShop: false, body: text('明白了，谢谢') },
      ],
    });
  }
}
