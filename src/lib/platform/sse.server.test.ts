import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_MS, eventStream, formatEvent, lastEventId } from './sse.server.ts';

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
      1_000,
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
