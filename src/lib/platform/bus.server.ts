/**
 * The message bus live rooms and customer service fan out through (DESIGN "Growing past one
 * machine"). On PostgreSQL a message is a NOTIFY on the channel, so every server process on the
 * database hears it and hands it to its own listeners; on the embedded database there is one
 * process, and an in-process bus does the same.
 *
 * A message is small (PostgreSQL caps a payload at 8000 bytes): what happened and its ids, with
 * texts already bounded by their contracts. What must not be lost is stored first; the bus only
 * tells who is listening now, and a listener that was away reads the rest from the database.
 */
import { EventEmitter } from 'node:events';

/** The fixed channels: one LISTEN each per process, the room or conversation in the message. */
export type BusChannel = 'live' | 'service';

export type BusListener = (message: unknown) => void;

export interface Bus {
  /** Hands the message to every listener of the channel, in every process. */
  publish(channel: BusChannel, message: unknown): Promise<void>;
  /**
   * Listens until the returned function is called; resolves once listening, so what is
   * published after it resolves is heard. `onResync` is called when the process's listening
   * connection was lost and came back: messages may have been missed, read the store again.
   */
  subscribe(channel: BusChannel, listener: BusListener, onResync?: () => void): Promise<() => void>;
  close(): Promise<void>;
}

/** Payloads are JSON; PostgreSQL refuses one over 8000 bytes, so the bus refuses it first. */
export const MAX_PAYLOAD_BYTES = 7_900;

function encode(message: unknown): string {
  const text = JSON.stringify(message);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error('Bus message too large');
  return text;
}

/** One process: listeners of a channel are called in order, each message a fresh copy. */
export function memoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      const text = encode(message);
      // Delivered on a later turn, as a NOTIFY would be: never inside the publisher's call.
      setImmediate(() => emitter.emit(channel, JSON.parse(text)));
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** What the bus needs of a postgres.js client. */
export interface NotifyClient {
  notify(channel: string, payload: string): PromiseLike<unknown>;
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListen?: () => void,
  ): PromiseLike<{ unlisten(): PromiseLike<unknown> }>;
}

/**
 * PostgreSQL LISTEN/NOTIFY through postgres.js, which keeps one listening connection per process
 * and listens again after it reconnects. Each channel is listened to once; the process's
 * listeners share it.
 */
export function postgresBus(client: NotifyClient): Bus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const listening = new Map<BusChannel, Promise<{ unlisten(): PromiseLike<unknown> }>>();
  const resyncs = new Map<BusChannel, Set<() => void>>();

  function listen(channel: BusChannel) {
    let connected = false;
    let pending = listening.get(channel);
    if (!pending) {
      pending = Promise.resolve(
        client.listen(
          channel,
          (payload) => {
            let message: unknown;
            try {
              message = JSON.parse(payload);
            } catch {
              return;
            }
            local.emit(channel, message);
          },
          () => {
            // The first call is the first LISTEN; later ones follow a lost connection.
            if (connected) for (const resync of resyncs.get(channel) ?? []) resync();
            connected = true;
          },
        ),
      );
      pending.catch(() => listening.delete(channel));
      listening.set(channel, pending);
    }
    return pending;
  }

  return {
    async publish(channel, message) {
      await client.notify(channel, encode(message));
    },
    async subscribe(channel, listener, onResync) {
      await listen(channel);
      local.on(channel, listener);
      if (onResync) {
        const set = resyncs.get(channel) ?? new Set();
        set.add(onResync);
        resyncs.set(channel, set);
      }
      return () => {
        local.off(channel, listener);
        if (onResync) resyncs.get(channel)?.delete(onResync);
      };
    },
    async close() {
      local.removeAllListeners();
      const all = [...listening.values()];
      listening.clear();
      await Promise.allSettled(all.map(async (p) => (await p).unlisten()));
    },
  };
}
