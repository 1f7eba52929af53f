/**
 * The two customer-service event streams (server-sent events, platform/sse.server.ts): the
 * shopper's conversation and the shop's console. Each subscribes to the bus first, then sends
 * the stored messages after the reader's position (Last-Event-ID, else the newest), then the
 * live ones — in id order, each once (StreamCursor). Message events carry their id; `state` /
 * `conversation` events (read marks, closing, a conversation's counters) carry none, so a
 * reconnect resumes after the last message either way. When the process's bus connection comes
 * back after a loss, the store is read again from the last id sent.
 */
import type { Database } from '#lib/platform/db/client.server.ts';
import {
  eventStream,
  lastEventId,
  type Send,
  type StreamHolder,
} from '#lib/platform/sse.server.ts';
import { StreamCursor, type MessageView } from './messages.ts';
import {
  findConversation,
  requireOpenShop,
  latestMessageId,
  messagesAfter,
  type ServiceEvent,
} from './conversations.server.ts';

interface Scope {
  shopId: string;
  /** The shopper's stream; absent for the console (every conversation of the shop). */
  userId?: number;
}

function inScope(event: ServiceEvent, scope: Scope): boolean {
  return event.shop === scope.shopId && (scope.userId === undefined || event.user === scope.userId);
}

function isServiceEvent(value: unknown): value is ServiceEvent {
  const event = value as Partial<ServiceEvent> | null;
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.shop === 'string' &&
    typeof event.user === 'number' &&
    typeof event.conversation === 'number'
  );
}

function serviceStream(
  request: Request,
  database: Database,
  scope: Scope,
  initial: () => Promise<{ event: string; data: unknown } | null>,
  stateEvent: string,
  holders: readonly StreamHolder[],
): Response {
  return eventStream(
    request,
    async (send: Send) => {
      const position = lastEventId(request);
      const cursor = new StreamCursor<MessageView>(0);
      const pass = (messages: MessageView[]) => {
        for (const message of messages) send({ id: message.id, event: 'message', data: message });
      };
      const catchUp = async () => {
        pass(cursor.backlog(await messagesAfter(database.db, scope, cursor.last)));
      };
      const unsubscribe = await database.bus.subscribe(
        'service',
        (value) => {
          if (!isServiceEvent(value) || !inScope(value, scope)) return;
          if (value.type === 'message') pass(cursor.live(value.message));
          send({ event: stateEvent, data: value.summary });
        },
        () => {
          cursor.pause();
          void catchUp().catch(() => {});
        },
      );
      try {
        cursor.last = position ?? (await latestMessageId(database.db, scope));
        const first = await initial();
        if (first) send(first);
        await catchUp();
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    { holders },
  );
}

/**
 * The shopper's conversation with the shop: its messages and its state (read marks, closed).
 * `holders`: whom the stream counts against (identity/stream-holders.server.ts).
 */
export async function shopperStream(
  request: Request,
  database: Database,
  shopId: string,
  userId: number,
  holders: readonly StreamHolder[] = [],
): Promise<Response> {
  // A shop that is not open has nobody to talk to: refused now, not a stream that never speaks.
  await requireOpenShop(database.db, shopId);
  return serviceStream(
    request,
    database,
    { shopId, userId },
    async () => ({ event: 'state', data: await findConversation(database.db, shopId, userId) }),
    'state',
    holders,
  );
}

/** Every conversation of the shop, for its owner and customer service (checked by the caller). */
export function consoleStream(
  request: Request,
  database: Database,
  shopId: string,
  holders: readonly StreamHolder[] = [],
): Response {
  return serviceStream(request, database, { shopId }, async () => null, 'conversation', holders);
}
