/**
 * Server-sent events: one long answer the browser's EventSource reads event by event and opens
 * again by itself, sending the last id it read (Last-Event-ID). `cache-control: no-transform`
 * keeps the compression layer from buffering it; a comment line every HEARTBEAT_MS keeps idle
 * proxies from closing it and tells the server when the reader is gone.
 */

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
 * Answers a stream. `start` is called once with `send` and returns what to do when the reader
 * leaves (unsubscribe); it may send the backlog before it returns. Events sent after the reader
 * left are dropped.
 */
export function eventStream(
  request: Request,
  start: (send: Send) => Promise<() => void>,
  heartbeatMs = HEARTBEAT_MS,
): Response {
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
        request.signal.removeEventListener('abort', finish);
        stop?.();
        try {
          controller.close();
        } catch {
          // Already closed by the reader.
        }
      };
      request.signal.addEventListener('abort', finish);
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
