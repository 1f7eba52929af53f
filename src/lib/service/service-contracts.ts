/**
 * Customer service calls (shell §7 "consult shop owner", "launch consultation"; paths not shown,
 * so ours). The shopper's calls name the shop (shopBizCode) and reach only the caller's own
 * conversation; the console's calls (`/api/service/console/…`) are for the shop's owner and its
 * customer service, checked by the command (role 5 is no role letter), everyone else 40301.
 * Two event streams: the shopper's conversation and the shop's console, each resuming after the
 * Last-Event-ID it sends (a message id).
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import type { ConversationView, HistoryPage } from './conversations.server.ts';
import type { StoredServiceImage } from './images.server.ts';
import { RAW_TEXT_MAX, type MessageView } from './messages.ts';
import type { SendInput } from './conversations.server.ts';

const rowId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const rowIdQuery = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const productNo = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, '商品编号格式不正确');
const orderNo = z.string().regex(/^[A-Za-z0-9]{6,40}$/, '订单号格式不正确');

/** A message to send: its kind and that kind's one field. */
const sendBody = {
  kind: z.enum(['text', 'product', 'order', 'image']),
  text: z.string().max(RAW_TEXT_MAX, '消息不能超过500个字').optional(),
  productNo: productNo.optional(),
  orderNo: orderNo.optional(),
  mediaId: rowId.optional(),
};

/** The send body as the command takes it; a kind without its field is refused. */
export function sendInputOf(body: {
  kind: SendInput['kind'];
  text?: string | undefined;
  productNo?: string | undefined;
  orderNo?: string | undefined;
  mediaId?: number | undefined;
}): SendInput | null {
  switch (body.kind) {
    case 'text':
      return body.text === undefined ? null : { kind: 'text', text: body.text };
    case 'product':
      return body.productNo ? { kind: 'product', productNo: body.productNo } : null;
    case 'order':
      return body.orderNo ? { kind: 'order', orderNo: body.orderNo } : null;
    case 'image':
      return body.mediaId ? { kind: 'image', mediaId: body.mediaId } : null;
  }
}

/** How a shopper may reach the shop: the online chat always, the owner's QR code when set. */
export interface ConsultShopOwner {
  shopId: string;
  shopName: string;
  shopLogoUrl: string;
  /** The online chat (im-index). */
  online: true;
  /** The consultation QR code (im-qr), null when the owner has not set one. */
  qrUrl: string | null;
  /** Unread replies of the shop, and their badge (99+ above 99). */
  unread: number;
  badge: string;
}

export interface UnreadCount {
  unread: number;
  /** '' at 0, 99+ above 99 (shell §9). */
  badge: string;
}

const shopQuery = { shopBizCode: shopIdSchema };
const consoleQuery = { shopBizCode: shopIdSchema, conversationId: rowIdQuery };
const before = rowIdQuery.optional();

export const ServiceContracts = {
  consultShopOwner: contract<ConsultShopOwner>()({
    method: 'GET',
    path: '/api/member/xdwxh5/seller/consultShopOwner',
    query: shopQuery,
    access: 'signed-in',
  }),
  /** Opens the shopper's conversation, with a product or an order card first when one is named. */
  launch: contract<{ conversation: ConversationView; message: MessageView | null }>()({
    method: 'POST',
    path: '/api/service/consultation/launch',
    query: shopQuery,
    body: { productNo: productNo.optional(), orderNo: orderNo.optional() },
    access: 'signed-in',
  }),
  /** The shopper's conversation: the latest 20 messages, or the 20 before `before`. */
  messages: contract<HistoryPage>()({
    method: 'GET',
    path: '/api/service/messages',
    query: { ...shopQuery, before },
    access: 'signed-in',
  }),
  send: contract<MessageView>()({
    method: 'POST',
    path: '/api/service/send',
    query: shopQuery,
    body: sendBody,
    access: 'signed-in',
    message: '发送成功',
  }),
  /** A chat picture, the raw bytes; sent next as an image message with its mediaId. */
  upload: contract<StoredServiceImage>()({
    method: 'POST',
    path: '/api/service/upload',
    body: 'binary',
    access: 'signed-in',
    message: '上传成功',
  }),
  image: contract<null>()({
    method: 'GET',
    path: '/api/service/image/{mediaId}',
    params: { mediaId: rowIdQuery },
    access: 'signed-in',
  }),
  read: contract<ConversationView | null>()({
    method: 'POST',
    path: '/api/service/read',
    query: shopQuery,
    body: {},
    access: 'signed-in',
  }),
  unread: contract<UnreadCount>()({
    method: 'GET',
    path: '/api/service/unread',
    query: shopQuery,
    access: 'signed-in',
  }),
  /** Server-sent events of the shopper's conversation (`message`, `state`). */
  stream: contract<null>()({
    method: 'GET',
    path: '/api/service/stream',
    query: { ...shopQuery, lastEventId: z.string().max(20).optional() },
    access: 'signed-in',
  }),

  // --- the shop's side: owner and customer service ---------------------------------------------
  conversations: contract<{ conversations: ConversationView[] } & UnreadCount>()({
    method: 'GET',
    path: '/api/service/console/conversations',
    query: shopQuery,
    access: 'signed-in',
  }),
  consoleMessages: contract<HistoryPage>()({
    method: 'GET',
    path: '/api/service/console/messages',
    query: { ...consoleQuery, before },
    access: 'signed-in',
  }),
  reply: contract<MessageView>()({
    method: 'POST',
    path: '/api/service/console/reply',
    query: consoleQuery,
    body: sendBody,
    access: 'signed-in',
    message: '发送成功',
  }),
  consoleRead: contract<ConversationView>()({
    method: 'POST',
    path: '/api/service/console/read',
    query: consoleQuery,
    body: {},
    access: 'signed-in',
  }),
  close: contract<ConversationView>()({
    method: 'POST',
    path: '/api/service/console/close',
    query: consoleQuery,
    body: {},
    access: 'signed-in',
    message: '会话已结束',
  }),
  /** Server-sent events of every conversation of the shop (`message`, `conversation`). */
  consoleStream: contract<null>()({
    method: 'GET',
    path: '/api/service/console/stream',
    query: { ...shopQuery, lastEventId: z.string().max(20).optional() },
    access: 'signed-in',
  }),
};
