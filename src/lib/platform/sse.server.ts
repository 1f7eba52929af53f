/**
 * Server-sent events: one long answer the browser's EventSource reads event by event and opens
 * again by itself, sending the last id it read (Last-Event-ID). `cache-control: no-transform`
 * keeps the compression layer from buffering it; a comment line every HEARTBEAT_MS keeps idle
 * proxies from closing it and tells the server when the reader is gone.
 */

import { appError, PlatformErrors } from './errors.ts';

export const HEARTBEAT_MS = 15_000;
/** How long the browser waits before opening the stream again after it dropped. */
export const RETRY_MS = 2_000;

export interface ServerEvent {
  /** Stored events carry their id, so a reader that reconnects resumes after it. */
  id?: number | string;
  event: string;
  data: unknown;
}

/** One event as it goes on the wire. JSON has no raw newline, so the data is one line. */
export function formatEvent({ id, event, data }: ServerEvent): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The reader's position: the Last-Event-ID header the browser sends when it reconnects, else the
 * `lastEventId` query a page passes when it opens a stream it has read before. Only a whole
 * positive number counts; anything else reads from now.
 */
export function lastEventId(request: Request): number | null {
  const raw =
    request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId');
  if (raw === null || !/^[1-9]\d{0,15}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) ? id : null;
}

export type Send = (event: ServerEvent) => void;

/**
 * Event streams one client address may hold open in one server process (decision 036): enough
 * for a household or an office behind one address watching a live, far below what fills memory.
 */
export const STREAMS_PER_CLIENT = 32;
/** ... and one session (a shopper's tabs and the pages that reopen them). */
export const STREAMS_PER_SESSION = 8;

/** A key a stream counts against, and how many streams that key may hold. */
export interface StreamHolder {
  key: string;
  limit: number;
}

/**
 * The open streams of this process per holder. A stream takes a slot of every holder at once or
 * none; its release gives them back once, however often it is called. Only keys with an open
 * stream are kept, so the map's size is bounded by the streams themselves.
 */
export class StreamSlots {
  readonly #open = new Map<string, number>();

  /** Takes a slot of each holder, or none when one of them is full: the release, or null. */
  take(holders: readonly StreamHolder[]): (() => void) | null {
    if (holders.some((holder) => (this.#open.get(holder.key) ?? 0) >= holder.limit)) return null;
    for (const { key } of holders) this.#open.set(key, (this.#open.get(key) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      for (const { key } of holders) {
        const left = (this.#open.get(key) ?? 1) - 1;
        if (left > 0) this.#open.set(key, left);
        else this.#open.delete(key);
      }
    };
  }

  /** The streams a key holds open now. */
  count(key: string): number {
    return this.#open.get(key) ?? 0;
  }
}

/** This process's streams: what the caps count. */
export const streamSlots = new StreamSlots();

/**
 * Takes the holders' slots for a stream about to open, or refuses it: 429 连接过多，请稍后再试.
 * Answers the release, which the caller hands to eventStream (or calls when it does not open).
 */
export function takeStreamSlot(
  holders: readonly StreamHolder[],
  slots: StreamSlots = streamSlots,
): () => void {
  const release = slots.take(holders);
  if (!release) throw appError(PlatformErrors.TOO_MANY_STREAMS);
  return release;
}

export interface StreamOptions {
  /** Whom the stream counts against: refused with 429 (nothing opened) when one is full. */
  holders?: readonly StreamHolder[];
  /** Slots already taken (takeStreamSlot), given back when the reader leaves. */
  slot?: () => void;
  heartbeatMs?: number;
  slots?: StreamSlots;
}

/**
 * Answers a stream. `start` is called once with `send` and returns what to do when the reader
 * leaves (unsubscribe); it may send the backlog before it returns. Events sent after the reader
 * left are dropped. With `holders`, the stream first takes their slots: when one is full it is
 * refused (429 连接过多，请稍后再试) before anything is opened, and the slots are given back
 * when the reader leaves.
 */
export function eventStream(
  request: Request,
  start: (send: Send) => Promise<() => void>,
  { holders = [], slot, heartbeatMs = HEARTBEAT_MS, slots = streamSlots }: StreamOptions = {},
): Response {
  const release = slot ?? takeStreamSlot(holders, slots);
  const encoder = new TextEncoder();
  let stop: (() => void) | null = null;
  let closed = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };
      const finish = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        release();
        request.signal.removeEventListener('abort', finish);
        stop?.();
        try {
          controller.close();
        } catch {
          // Already closed by the reader.
        }
      };
      request.signal.addEventListener('abort', finish);
      // A reader gone before the stream started opens nothing.
      if (request.signal.aborted) return finish();
      write(`retry: ${RETRY_MS}\n\n`);
      heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
      heartbeat.unref?.();
      try {
        const unsubscribe = await start((event) => write(formatEvent(event)));
        if (closed) unsubscribe();
        else stop = unsubscribe;
      } catch (error) {
        finish();
        throw error;
      }
    },
    cancel() {
      closed = true;
      clearInterval(heartbeat);
      release();
      stop?.();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
