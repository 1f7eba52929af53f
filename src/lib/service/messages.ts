/**
 * The rules of a customer-service chat (shell §2 customer service group, §9 message number):
 * what a message may hold, how fast one may send, how a conversation is previewed in a list and
 * how its unread count is shown. Pure and isomorphic: the chat checks a text before sending it,
 * the server checks it again.
 */
import { sanitiseText, truncate } from '#lib/platform/text.ts';
import type { ErrorEntry } from '#lib/platform/errors.ts';
import { ServiceErrors } from './service-errors.ts';
import { ServiceMessageKind } from './status.ts';

/** A text message: 1 to TEXT_MAX characters once sanitised and trimmed. */
export const TEXT_MAX = 500;
/** What a text field may carry before it is checked (pasting a long text is refused, not cut). */
export const RAW_TEXT_MAX = 2_000;
/** Messages one person may send in RATE_WINDOW_MS, over all their conversations. */
export const RATE_LIMIT = 10;
export const RATE_WINDOW_MS = 10_000;
/** Messages per page of history (older pages are loaded by scrolling up). */
export const HISTORY_PAGE_SIZE = 20;
/** Characters of a text shown in a conversation list. */
export const PREVIEW_MAX = 40;
/** Pictures one person may send in a day. */
export const DAILY_IMAGE_LIMIT = 100;
/** Shell §9: the message number shows 99+ above 99. */
export const BADGE_MAX = 99;

export type CheckResult<T> = { ok: true; value: T } | { ok: false; error: ErrorEntry };

/** A text message as it is stored: sanitised (commerce §5), trimmed, 1–TEXT_MAX characters. */
export function checkText(raw: string): CheckResult<string> {
  const text = sanitiseText(raw).trim();
  if (text.length === 0) return { ok: false, error: ServiceErrors.SERVICE_TEXT_EMPTY };
  if ([...text].length > TEXT_MAX) return { ok: false, error: ServiceErrors.SERVICE_TEXT_TOO_LONG };
  return { ok: true, value: text };
}

/** Whether one more message may go, given how many the sender sent in the last window. */
export function withinRate(sentInWindow: number): boolean {
  return sentInWindow < RATE_LIMIT;
}

/** The badge of an unread count: nothing at 0, the number up to 99, then 99+. */
export function unreadBadge(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(count));
}

export interface TextBody {
  text: string;
}
/** A product card: read from the catalogue and priced on the server when sent. */
export interface ProductBody {
  productNo: string;
  name: string;
  imageUrl: string | null;
  priceCents: number;
}
/** An order card: the shopper's own order (its status is read again when the chat is read). */
export interface OrderBody {
  orderNo: string;
  statusText: string;
  payCents: number;
  pieces: number;
  imageUrl: string | null;
}
/** A picture: stored private, read through the chat's own image path. */
export interface ImageBody {
  mediaId: number;
  url: string;
  width: number;
  height: number;
}

export type MessageBody =
  | ({ kind: typeof ServiceMessageKind.Text } & TextBody)
  | ({ kind: typeof ServiceMessageKind.Product } & ProductBody)
  | ({ kind: typeof ServiceMessageKind.Order } & OrderBody)
  | ({ kind: typeof ServiceMessageKind.Image } & ImageBody);

/** A message as both sides see it; `fromShop` says whose bubble it is. */
export type MessageView = MessageBody & {
  id: number;
  conversationId: number;
  fromShop: boolean;
  /** ISO time. */
  createdAt: string;
};

/** The line a conversation list shows for its last message. */
export function previewOf(body: MessageBody): string {
  switch (body.kind) {
    case ServiceMessageKind.Text:
      return truncate(body.text.replace(/\s+/g, ' '), PREVIEW_MAX);
    case ServiceMessageKind.Product:
      return `[商品] ${truncate(body.name, PREVIEW_MAX - 5)}`;
    case ServiceMessageKind.Order:
      return `[订单] ${body.orderNo}`;
    case ServiceMessageKind.Image:
      return '[图片]';
  }
}

/**
 * Read marks of one side's own messages: the other side has not read the last `otherUnread` of
 * them (the counter the conversation keeps for it), and has read every earlier one. Answers the
 * ids read, for messages in order.
 */
export function readIds(
  messages: readonly { id: number; fromShop: boolean }[],
  mine: 'shop' | 'shopper',
  otherUnread: number,
): Set<number> {
  const own = messages.filter((m) => m.fromShop === (mine === 'shop'));
  const readCount = Math.max(0, own.length - Math.max(0, otherUnread));
  return new Set(own.slice(0, readCount).map((m) => m.id));
}

/**
 * A stream's position when it resumes (subscribe first, then the backlog, then live): live
 * events that arrive while the backlog is read wait, then everything is passed on in id order,
 * each id once and never one at or below the last passed.
 */
export class StreamCursor<E extends { id: number }> {
  private waiting: E[] | null = [];
  last: number;
  constructor(last: number) {
    this.last = last;
  }

  /** A live event; answers the events to pass on now (none while the backlog is read). */
  live(event: E): E[] {
    if (this.waiting) {
      this.waiting.push(event);
      return [];
    }
    return this.take([event]);
  }

  /** The backlog read from the store, in id order; then the waiting live events follow. */
  backlog(events: readonly E[]): E[] {
    const waiting = this.waiting ?? [];
    this.waiting = null;
    return this.take([...events, ...waiting.sort((a, b) => a.id - b.id)]);
  }

  /** The live path was lost and comes back: hold live events until the store is read again. */
  pause(): void {
    this.waiting ??= [];
  }

  private take(events: readonly E[]): E[] {
    const passed: E[] = [];
    for (const event of events) {
      if (event.id <= this.last) continue;
      this.last = event.id;
      passed.push(event);
    }
    return passed;
  }
}
