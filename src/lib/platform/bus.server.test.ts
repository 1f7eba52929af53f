import { describe, expect, it, vi } from 'vitest';
import { MAX_PAYLOAD_BYTES, memoryBus, postgresBus, type NotifyClient } from './bus.server.ts';

describe('memoryBus', () => {
  it('delivers a copy to every listener of the channel on a later turn, none to other channels', async () => {
    const bus = memoryBus();
    const live: unknown[] = [];
    const service: unknown[] = [];
    const stop = await bus.subscribe('live', (m) => live.push(m));
    await bus.subscribe('service', (m) => service.push(m));
    const sent = { room: 1, id: 2, kind: 'comment' };
    await bus.publish('live', sent);
    expect(live).toEqual([]);
    await vi.waitFor(() => expect(live).toEqual([sent]));
    expect(live[0]).not.toBe(sent);
    expect(service).toEqual([]);
    stop();
    await bus.publish('live', sent);
    await new Promise((resolve) => setImmediate(resolve));
    expect(live).toHaveLength(1);
    await bus.close();
  });

  it('refuses a message over the payload limit', async () => {
    const bus = memoryBus();
    await expect(bus.publish('live', { text: 'x'.repeat(MAX_PAYLOAD_BYTES) })).rejects.toThrow(
      'Bus message too large',
    );
  });
});

/** A postgres.js stand-in: NOTIFY goes to the LISTENers; `reconnect` plays a lost connection. */
function fakeClient() {
  const listeners = new Map<
    string,
    { onNotify: (p: string) => void; onListen?: (() => void) | undefined }[]
  >();
  const client = {
    notified: [] as [string, string][],
    listens: 0,
    unlistened: 0,
    notify(channel: string, payload: string) {
      client.notified.push([channel, payload]);
      for (const l of listeners.get(channel) ?? []) l.onNotify(payload);
      return Promise.resolve();
    },
    listen(channel: string, onNotify: (p: string) => void, onListen?: () => void) {
      client.listens += 1;
      const entry = { onNotify, onListen };
      listeners.set(channel, [...(listeners.get(channel) ?? []), entry]);
      onListen?.();
      return Promise.resolve({
        unlisten: () => {
          client.unlistened += 1;
          return Promise.resolve();
        },
      });
    },
    reconnect(channel: string) {
      for (const l of listeners.get(channel) ?? []) l.onListen?.();
    },
    raw(channel: string, payload: string) {
      for (const l of listeners.get(channel) ?? []) l.onNotify(payload);
    },
  };
  return client satisfies NotifyClient;
}

describe('postgresBus', () => {
  it('listens once per channel for all the listeners of the process, and notifies JSON', async () => {
    const client = fakeClient();
    const bus = postgresBus(client);
    const a: unknown[] = [];
    const b: unknown[] = [];
    await bus.subscribe('live', (m) => a.push(m));
    await bus.subscribe('live', (m) => b.push(m));
    expect(client.listens).toBe(1);
    await bus.publish('live', { room: 1, id: 9 });
    expect(client.notified).toEqual([['live', '{"room":1,"id":9}']]);
    expect(a).toEqual([{ room: 1, id: 9 }]);
    expect(b).toEqual([{ room: 1, id: 9 }]);
    // A payload that is not JSON is dropped, not thrown into the listener.
    client.raw('live', 'not json');
    expect(a).toHaveLength(1);
    await bus.close();
    expect(client.unlistened).toBe(1);
  });

  it('calls onResync after the listening connection came back, not on the first LISTEN', async () => {
    const client = fakeClient();
    const bus = postgresBus(client);
    const resync = vi.fn();
    const stop = await bus.subscribe('live', () => {}, resync);
    expect(resync).not.toHaveBeenCalled();
    client.reconnect('live');
    expect(resync).toHaveBeenCalledTimes(1);
    stop();
    client.reconnect('live');
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('refuses a message over the payload limit before sending it', async () => {
    const client = fakeClient();
    await expect(
      postgresBus(client).publish('service', { text: 'x'.repeat(MAX_PAYLOAD_BYTES) }),
    ).rejects.toThrow('Bus message too large');
    expect(client.notified).toEqual([]);
  });
});
