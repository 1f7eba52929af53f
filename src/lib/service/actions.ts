/**
 * The browser side of the chat (im-index) and the console (客服): each call one service contract.
 * Errors are toasted by the request client unless a call says otherwise.
 */
import type { Wire, WireDataOf } from '#lib/platform/contract.ts';
import type { ServiceContracts } from './service-contracts.ts';
import type { ConversationView } from './conversations.server.ts';
import { call } from '#lib/platform/client.ts';
import * as ServiceEndpoints from './service-endpoints.ts';

export type Send =
  | { kind: 'text'; text: string }
  | { kind: 'product'; productNo: string }
  | { kind: 'order'; orderNo: string }
  | { kind: 'image'; mediaId: number };

export type ConversationWire = Wire<ConversationView>;

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shop = () => document.body.dataset.shopId ?? '';

type Contracts = typeof ServiceContracts;

export async function sendToShop(body: Send): Promise<WireDataOf<Contracts['send']>> {
  return call(ServiceEndpoints.send, { query: { shopBizCode: shop() }, body });
}

export async function olderMessages(before: number): Promise<WireDataOf<Contracts['messages']>> {
  return call(ServiceEndpoints.messages, { query: { shopBizCode: shop(), before } });
}

export async function markRead(): Promise<void> {
  await call(ServiceEndpoints.read, { query: { shopBizCode: shop() } }, { silent: true });
}

/** A chat picture; rejects with the client's ApiError (the message left to the caller). */
export async function uploadPicture(file: Blob): Promise<WireDataOf<Contracts['upload']>> {
  return call(ServiceEndpoints.upload, { body: file }, { silent: true });
}

export async function consoleList(): Promise<WireDataOf<Contracts['conversations']>> {
  return call(ServiceEndpoints.conversations, { query: { shopBizCode: shop() } });
}

export async function consoleMessages(
  conversationId: number,
  before?: number,
): Promise<WireDataOf<Contracts['consoleMessages']>> {
  return call(ServiceEndpoints.consoleMessages, {
    query: { shopBizCode: shop(), conversationId, ...(before ? { before } : {}) },
  });
}

export async function reply(
  conversationId: number,
  body: Send,
): Promise<WireDataOf<Contracts['reply']>> {
  return call(ServiceEndpoints.reply, { query: { shopBizCode: shop(), conversationId }, body });
}

export async function consoleRead(conversationId: number): Promise<void> {
  await call(
    ServiceEndpoints.consoleRead,
    { query: { shopBizCode: shop(), conversationId } },
    { silent: true },
  );
}

export async function closeChat(conversationId: number): Promise<ConversationWire> {
  return call(ServiceEndpoints.close, { query: { shopBizCode: shop(), conversationId } });
}
