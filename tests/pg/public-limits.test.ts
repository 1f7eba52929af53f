/**
 * Limits for the public internet (issue #26 item 8, decision 036), with two server processes on
 * one PostgreSQL database: a flood of event streams from one address leaves at most the cap open
 * and refuses the rest with 429; concurrent chat-picture uploads store exactly the daily limit;
 * a user's comments through both processes are never stored closer than the 2 s rule; a user's
 * likes of a room are bounded; a viewer is counted once however many streams they open.
 */
import sharp from 'sharp';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { liveMessages, liveRooms, media, users } from '#lib/platform/db/schema.ts';
import { createSession } from '#lib/identity/sessions.server.ts';
import { STREAMS_PER_CLIENT, STREAMS_PER_SESSION } from '#lib/platform/sse.server.ts';
import { COMMENT_INTERVAL_MS, LIKES_PER_WINDOW, LIKE_WINDOW_MS } from '#lib/live/room.ts';
import { DAILY_IMAGE_LIMIT } from '#lib/service/messages.ts';
import { TEST_DATABASE_URL, postgresDatabase, queryRows } from '../fixtures/db.ts';
import { spawnShop, type ShopProcess } from '../fixtures/server.ts';

let admin: Database;
let one: ShopProcess;
let two: ShopProcess;

const EVENTS = '/api/live/room/L1001001/events?shopBizCode=1001';
const ROOM = '/api/live/room/L1001001';

beforeAll(async () => {
  admin = await postgresDatabase();
  // Both start together: the boot lock lets one migrate and seed.
  [one, two] = await Promise.all([
    spawnShop({ DATABASE_URL: TEST_DATABASE_URL }),
    spawnShop({ DATABASE_URL: TEST_DATABASE_URL }),
  ]);
}, 300_000);
afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await admin?.close();
});

/** A new shopper and the cookie of a session of theirs. */
async function shopper(phone: string): Promise<{ id: number; cookie: string }> {
  const [row] = await admin.db
    .insert(users)
    .values({ phone, nickname: phone })
    .returning({ id: users.id });
  return { id: row!.id, cookie: `sid=${await createSession(admin.db, row!.id)}` };
}

interface Opened {
  status: number;
  body?: { code: number; message: string; success: boolean; data: unknown };
  /** An open stream the server ended (it gave its slot back). */
  ended: boolean;
  close: () => void;
}

/** Opens a stream; a refusal is read whole, an open stream is read on until closed. */
async function open(shop: ShopProcess, headers: Record<string, string>): Promise<Opened> {
  const abort = new AbortController();
  const response = await fetch(`${shop.url}${EVENTS}`, { headers, signal: abort.signal });
  const close = () => abort.abort();
  if (response.status !== 200) {
    const body = (await response.json()) as NonNullable<Opened['body']>;
    return { status: response.status, body, ended: true, close };
  }
  const opened: Opened = { status: 200, ended: false, close };
  const reader = response.body!.getReader();
  void (async () => {
    while (!(await reader.read()).done);
    opened.ended = true;
  })().catch(() => {});
  return opened;
}

/** The `hello` of an open stream: its first event. */
async function hello(shop: ShopProcess, headers: Record<string, string>) {
  const abort = new AbortController();
  const response = await fetch(`${shop.url}${EVENTS}`, { headers, signal: abort.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('The stream ended before hello');
    text += decoder.decode(value, { stream: true });
    const match = /event: hello\ndata: (.*)\n\n/.exec(text);
    if (match) {
      abort.abort();
      return JSON.parse(match[1]!) as { views: number; likes: number };
    }
  }
}

it('leaves at most the cap of 1,000 streams from one address open, the rest refused 429', async () => {
  const address = { 'x-forwarded-for': '203.0.113.77' };
  const opened = await Promise.all(Array.from({ length: 1_000 }, () => open(one, address)));
  const accepted = opened.filter((o) => o.status === 200);
  const refused = opened.filter((o) => o.status === 429);
  // On this shared machine a database connection now and then takes past its 2 s timeout: that
  // request is answered 588 服务器维护中~ and its slot given back, as is a stream that failed.
  const unavailable = opened.filter((o) => o.status === 588);
  expect(unavailable.length).toBeLessThan(20);
  expect(refused).toHaveLength(1_000 - accepted.length - unavailable.length);
  // Open now: at most the cap. Answered 200 at all: the cap and the streams that ended since.
  expect(accepted.filter((o) => !o.ended).length).toBeLessThanOrEqual(STREAMS_PER_CLIENT);
  expect(accepted.length).toBeLessThanOrEqual(
    STREAMS_PER_CLIENT + accepted.filter((o) => o.ended).length,
  );
  expect(refused[0]!.body).toEqual({
    code: 429,
    message: '连接过多，请稍后再试',
    success: false,
    data: null,
  });
  // Another address is not held up; the other process counts its own streams.
  const elsewhere = await open(one, { 'x-forwarded-for': '203.0.113.78' });
  expect(elsewhere.status).toBe(200);
  elsewhere.close();
  // Readers that leave give their slots back.
  for (const stream of accepted) stream.close();
  await expect
    .poll(
      async () => {
        const again = await open(one, address);
        again.close();
        return again.status;
      },
      { timeout: 10_000, interval: 200 },
    )
    .toBe(200);
});

it('caps the streams of one session whatever the address', async () => {
  const { cookie } = await shopper('13700360001');
  const opened = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      open(two, { cookie, 'x-forwarded-for': `198.51.100.${i + 1}` }),
    ),
  );
  expect(opened.filter((o) => o.status === 200)).toHaveLength(STREAMS_PER_SESSION);
  expect(opened.filter((o) => o.status === 429)).toHaveLength(20 - STREAMS_PER_SESSION);
  for (const stream of opened) stream.close();
});

it('stores exactly the daily limit of 300 concurrent chat pictures through two processes', async () => {
  const { id, cookie } = await shopper('13700360002');
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const answers = await Promise.all(
    Array.from({ length: 300 }, async (_, i) => {
      const response = await fetch(`${(i % 2 ? one : two).url}/api/service/upload`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'image/png' },
        body: new Uint8Array(png),
      });
      return (await response.json()) as { code: number; message: string };
    }),
  );
  expect(answers.filter((a) => a.code === 0)).toHaveLength(DAILY_IMAGE_LIMIT);
  const refusals = answers.filter((a) => a.code !== 0);
  expect(new Set(refusals.map((a) => a.message))).toEqual(
    new Set(['今日发送图片过多，请明天再试']),
  );
  const [stored] = await admin.db
    .select({ n: sql<number>`count(*)::int` })
    .from(media)
    .where(eq(media.ownerUserId, id));
  expect(stored!.n).toBe(DAILY_IMAGE_LIMIT);
}, 60_000);

it('never stores two comments of one user closer than 2 s, through two processes', async () => {
  const { id, cookie } = await shopper('13700360003');
  const started = Date.now();
  let accepted = 0;
  // Bursts of 12 at once, half through each process, for about 3 s.
  for (let burst = 0; burst < 7; burst += 1) {
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const response = await fetch(`${(i % 2 ? one : two).url}${ROOM}/comment?shopBizCode=1001`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ text: `第${burst}轮${i}` }),
        });
        return ((await response.json()) as { code: number }).code;
      }),
    );
    accepted += answers.filter((code) => code === 0).length;
    await new Promise((resolve) => setTimeout(resolve, 450));
  }
  const stamps = (
    await admin.db
      .select({ at: liveMessages.createdAt })
      .from(liveMessages)
      .where(eq(liveMessages.userId, id))
      .orderBy(asc(liveMessages.createdAt))
  ).map((row) => row.at.getTime());
  expect(stamps).toHaveLength(accepted);
  expect(accepted).toBeGreaterThanOrEqual(2);
  expect(accepted).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / COMMENT_INTERVAL_MS));
  const gaps = stamps.slice(1).map((at, i) => at - stamps[i]!);
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(COMMENT_INTERVAL_MS);
}, 60_000);

it("bounds one user's likes of a room: 5,000 taps at once through two processes", async () => {
  const { cookie } = await shopper('13700360004');
  const likes = async () =>
    (
      await admin.db
        .select({ n: liveRooms.likeCount })
        .from(liveRooms)
        .where(eq(liveRooms.liveNo, 'L1001001'))
    )[0]!.n;
  const before = await likes();
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: 100 }, async (_, i) => {
      const response = await fetch(`${(i % 2 ? one : two).url}${ROOM}/like?shopBizCode=1001`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ count: 50 }),
      });
      return ((await response.json()) as { code: number }).code;
    }),
  );
  const windows = Math.floor((Date.now() - started) / LIKE_WINDOW_MS) + 1;
  expect(new Set(answers)).toEqual(new Set([0]));
  const added = (await likes()) - before;
  expect(added).toBeGreaterThanOrEqual(LIKES_PER_WINDOW);
  expect(added).toBeLessThanOrEqual(windows * LIKES_PER_WINDOW);
}, 60_000);

it('counts a viewer once however many streams they open, on either process', async () => {
  const views = async () =>
    (
      await admin.db
        .select({ n: liveRooms.viewCount })
        .from(liveRooms)
        .where(eq(liveRooms.liveNo, 'L1001001'))
    )[0]!.n;
  const before = await views();
  const anonymous = { 'x-forwarded-for': '192.0.2.44' };
  for (let i = 0; i < 10; i += 1) await hello(i % 2 ? one : two, anonymous);
  expect(await views()).toBe(before + 1);
  // A signed-in viewer is one viewer from any address; another anonymous address is another.
  const { cookie } = await shopper('13700360005');
  for (let i = 0; i < 6; i += 1) {
    await hello(i % 2 ? one : two, { cookie, 'x-forwarded-for': `192.0.2.${100 + i}` });
  }
  const last = await hello(one, { 'x-forwarded-for': '192.0.2.45' });
  expect(last.views).toBe(before + 3);
  expect(await views()).toBe(before + 3);
  const counted = await queryRows<{ viewer: string }>(
    admin,
    sql`select viewer from live_views where viewer like 'c:192.0.2.%' order by viewer`,
  );
  expect(counted.map((row) => row.viewer)).toEqual(['c:192.0.2.44', 'c:192.0.2.45']);
});
