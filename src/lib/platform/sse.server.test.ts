import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors.ts';
import { errorResponse } from './http.server.ts';
import {
  RETRY_MS,
  StreamSlots,
  eventStream,
  formatEvent,
  lastEventId,
  type StreamHolder,
} from './sse.server.ts';

describe('formatEvent', () => {
  it('writes the id when there is one, the event and the data as one JSON line', () => {
    expect(formatEvent({ id: 12, event: 'message', data: { text: 'a\nb' } })).toBe(
      'id: 12\nevent: message\ndata: {"text":"a\\nb"}\n\n',
    );
    expect(formatEvent({ event: 'stats', data: { online: 3 } })).toBe(
      'event: stats\ndata: {"online":3}\n\n',
    );
  });
});

describe('lastEventId', () => {
  const request = (headers: Record<string, string>, query = '') =>
    new Request(`http://shop.test/api/live/room/L1/events${query}`, { headers });
  it('reads the header first, then the query; only a whole positive number counts', () => {
    expect(lastEventId(request({ 'last-event-id': '42' }, '?lastEventId=7'))).toBe(42);
    expect(lastEventId(request({}, '?lastEventId=7'))).toBe(7);
    expect(lastEventId(request({}))).toBeNull();
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999999999']) {
      expect(lastEventId(request({ 'last-event-id': bad }))).toBeNull();
    }
  });
});

describe('eventStream', () => {
  afterEach(() => vi.useRealTimers());

  async function read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
    const { value } = await reader.read();
    return new TextDecoder().decode(value);
  }

  it('answers an unbuffered event stream: retry, what start sends, heartbeats', async () => {
    vi.useFakeTimers();
    const abort = new AbortController();
    const unsubscribe = vi.fn();
    const response = eventStream(
      new Request('http://shop.test/events', { signal: abort.signal }),
      async (send) => {
        send({ event: 'hello', data: { online: 1 } });
        return unsubscribe;
      },
      { heartbeatMs: 1_000 },
    );
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    const reader = response.body!.getReader();
    expect(await read(reader)).toBe(`retry: ${RETRY_MS}\n\n`);
    expect(await read(reader)).toBe('event: hello\ndata: {"online":1}\n\n');
    vi.advanceTimersByTime(1_000);
    expect(await read(reader)).toBe(': ping\n\n');
    abort.abort();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });

  it('unsubscribes at once when the reader left while start was still running', async () => {
    const abort = new AbortController();
    const unsubscribe = vi.fn();
    let release!: () => void;
    const started = new Promise<void>((resolve) => (release = resolve));
    const response = eventStream(
      new Request('http://shop.test/events', { signal: abort.signal }),
      async () => {
        await started;
        return unsubscribe;
      },
    );
    const reader = response.body!.getReader();
    await read(reader);
    abort.abort();
    release();
    await vi.waitFor(() => expect(unsubscribe).toHaveBeenCalledTimes(1));
  });

  it('unsubscribes when the reader cancels', async () => {
    const unsubscribe = vi.fn();
    const response = eventStream(new Request('http://shop.test/events'), async () => unsubscribe);
    const reader = response.body!.getReader();
    await read(reader);
    await vi.waitFor(async () => {
      await reader.cancel();
      expect(unsubscribe).toHaveBeenCalled();
    });
  });
});

describe('stream caps', () => {
  const client: StreamHolder = { key: 'client:203.0.113.7', limit: 3 };
  const session: StreamHolder = { key: 'session:abc', limit: 2 };

  it('takes a slot of every holder or none, and gives each back once', () => {
    const slots = new StreamSlots();
    const first = slots.take([client, session])!;
    const second = slots.take([client, session])!;
    // The session is full: the client's slot is not taken either.
    expect(slots.take([client, session])).toBeNull();
    expect(slots.count(client.key)).toBe(2);
    // Without the session the client still has one.
    const third = slots.take([client])!;
    expect(slots.take([client])).toBeNull();
    first();
    first();
    expect(slots.count(client.key)).toBe(2);
    expect(slots.count(session.key)).toBe(1);
    second();
    third();
    expect(slots.count(client.key)).toBe(0);
    expect(slots.count(session.key)).toBe(0);
    expect(slots.take([client, session])).not.toBeNull();
  });

  it('refuses the stream past the cap with 429 连接过多，请稍后再试, opening nothing', async () => {
    const slots = new StreamSlots();
    const holders = [client];
    const start = vi.fn(async () => () => {});
    const aborts = [0, 1, 2].map(() => new AbortController());
    for (const abort of aborts) {
      const request = new Request('http://shop.test/events', { signal: abort.signal });
      eventStream(request, start, { holders, slots });
    }
    let refused: unknown;
    try {
      eventStream(new Request('http://shop.test/events'), start, { holders, slots });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    const response = errorResponse(refused);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      code: 429,
      message: '连接过多，请稍后再试',
      success: false,
      data: null,
    });
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(3));
    // A reader that leaves gives its slot back: the next stream opens.
    aborts[0]!.abort();
    expect(slots.count(client.key)).toBe(2);
    eventStream(new Request('http://shop.test/events'), start, { holders, slots });
    expect(slots.count(client.key)).toBe(3);
  });

  it('gives the slot back when the reader cancels or start fails', async () => {
    const slots = new StreamSlots();
    const cancelled = eventStream(new Request('http://shop.test/events'), async () => () => {}, {
      holders: [client],
      slots,
    });
    await cancelled.body!.cancel();
    expect(slots.count(client.key)).toBe(0);
    eventStream(
      new Request('http://shop.test/events'),
      async () => {
        throw new Error('the room is gone');
      },
      { holders: [client], slots },
    );
    await vi.waitFor(() => expect(slots.count(client.key)).toBe(0));
  });
});
