/**
 * Two server processes on one PostgreSQL database share a live room (issue #16 "Must show"): a
 * comment posted through one reaches a viewer of the other within a second; a viewer that
 * reconnects with Last-Event-ID gets what it missed; viewers of both processes count as online;
 * the stream is not compressed (so never buffered) even when the client accepts brotli.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { users } from '#lib/platform/db/schema.ts';
import { createSession } from '#lib/identity/sessions.server.ts';
import { demoPhones } from '#demo/handles.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { spawnShop, type ShopProcess } from '../fixtures/server.ts';

let admin: Database;
let one: ShopProcess;
let two: ShopProcess;
/** Sessions of several demo shoppers: each comment from the next, so the rate limit (1 per 2 s
 * per user) never holds a test up. */
let cookies: string[] = [];
let turn = 0;

beforeAll(async () => {
  admin = await postgresDatabase();
  // Both start together: the boot lock lets one migrate and seed.
  [one, two] = await Promise.all([
    spawnShop({ DATABASE_URL: TEST_DATABASE_URL }),
    spawnShop({ DATABASE_URL: TEST_DATABASE_URL }),
  ]);
  const people = await admin.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.phone, Object.values(demoPhones)));
  cookies = await Promise.all(
    people.map(async (user) => `sid=${await createSession(admin.db, user.id)}`),
  );
}, 300_000);
afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await admin?.close();
});

interface Received {
  id: string | undefined;
  event: string;
  data: Record<string, unknown>;
  at: number;
}

/** An open stream and what it has received so far. */
async function watch(shop: ShopProcess, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(`${shop.url}/api/live/room/L1001001/events?shopBizCode=1001`, {
    headers,
    signal: abort.signal,
  });
  const events: Received[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const event = field('event');
          if (event) {
            events.push({
              id: field('id'),
              event,
              data: JSON.parse(field('data') ?? 'null') as Record<string, unknown>,
              at: Date.now(),
            });
          }
        }
      }
    } catch {
      // Aborted.
    }
  })();
  await expect.poll(() => events.some((e) => e.event === 'hello')).toBe(true);
  return {
    response,
    events,
    messages: () => events.filter((e) => e.event === 'message'),
    close: () => abort.abort(),
  };
}

async function comment(shop: ShopProcess, text: string) {
  const response = await fetch(`${shop.url}/api/live/room/L1001001/comment?shopBizCode=1001`, {
    method: 'POST',
    headers: { cookie: cookies[turn++ % cookies.length]!, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  const body = (await response.json()) as { code: number; data: { id: number } };
  expect(body.code).toBe(0);
  return { id: body.data.id, at: Date.now() };
}

it('hands a comment posted through one process to a viewer of the other within 1 s', async () => {
  const viewer = await watch(two);
  const sent = await comment(one, '两个进程都能看到');
  await expect
    .poll(() => viewer.messages().find((e) => Number(e.id) === sent.id), {
      timeout: 1_000,
      interval: 20,
    })
    .toMatchObject({
      event: 'message',
      data: { kind: 'comment', body: { text: '两个进程都能看到' } },
    });
  const received = viewer.messages().find((e) => Number(e.id) === sent.id)!;
  expect(received.at - sent.at).toBeLessThan(1_000);
  viewer.close();
});

it('replays what a viewer missed when it reconnects with Last-Event-ID', async () => {
  const viewer = await watch(two);
  const first = await comment(one, '断线前');
  await expect.poll(() => viewer.messages().map((e) => Number(e.id))).toContain(first.id);
  viewer.close();
  const missed = await comment(one, '断线时错过的');
  const alsoMissed = await comment(two, '又错过一条');
  const again = await watch(one, { 'last-event-id': String(first.id) });
  await expect
    .poll(() => again.messages().map((e) => Number(e.id)))
    .toEqual([missed.id, alsoMissed.id]);
  again.close();
});

it('counts the viewers of both processes as online', async () => {
  const a = await watch(one);
  const b = await watch(two);
  // Each process publishes its count within a second; stats follow at most once a second.
  await expect
    .poll(() => b.events.filter((e) => e.event === 'stats').at(-1)?.data['online'], {
      timeout: 5_000,
    })
    .toBe(2);
  await expect
    .poll(() => a.events.filter((e) => e.event === 'stats').at(-1)?.data['online'], {
      timeout: 5_000,
    })
    .toBe(2);
  a.close();
  await expect
    .poll(() => b.events.filter((e) => e.event === 'stats').at(-1)?.data['online'], {
      timeout: 5_000,
    })
    .toBe(1);
  b.close();
});

it('streams uncompressed when the client accepts brotli, each event as it happens', async () => {
  const viewer = await watch(one, { 'accept-encoding': 'br, gzip' });
  expect(viewer.response.headers.get('content-encoding')).toBeNull();
  expect(viewer.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const sent = await comment(two, '不压缩不缓冲');
  await expect
    .poll(() => viewer.messages().map((e) => Number(e.id)), { timeout: 1_000, interval: 20 })
    .toContain(sent.id);
  viewer.close();
});
