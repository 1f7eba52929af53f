/**
 * Issue #16 "Must show": a chat's history survives a restart and the client reconnects by itself.
 * The built shop serves from PostgreSQL; a shopper and customer service talk; a reader holds the
 * shopper's conversation stream open the way a browser's EventSource does (it reconnects after
 * the server's `retry`, sending Last-Event-ID). The server is stopped and started again on the
 * same database and port: every message is still there, the reader comes back by itself, and
 * the messages sent meanwhile and after arrive once each.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { demoPhones } from '#demo/handles.ts';
import { createSession } from '#lib/identity/sessions.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { userIdFor } from '../fixtures/accounts.ts';
import { spawnShop, type ShopProcess } from '../fixtures/server.ts';

const SHOP = '1001';
let admin: Database;
let shop: ShopProcess;
let shopper: string;
let service: string;

beforeAll(async () => {
  admin = await postgresDatabase();
  shop = await spawnShop({ DATABASE_URL: TEST_DATABASE_URL });
  shopper = await createSession(admin.db, await userIdFor(admin, demoPhones.consumer));
  service = await createSession(admin.db, await userIdFor(admin, demoPhones.service1001));
}, 300_000);
afterAll(async () => {
  reader?.stop();
  await shop?.stop();
  await admin?.close();
});

interface Message {
  id: number;
  conversationId: number;
  text?: string;
  fromShop: boolean;
}

async function api<T>(session: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${shop.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: `sid=${session}`,
      origin: shop.url,
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

const say = (text: string) =>
  api<Message>(shopper, `/api/service/send?shopBizCode=${SHOP}`, { kind: 'text', text });
const history = () =>
  api<{ messages: Message[] }>(shopper, `/api/service/messages?shopBizCode=${SHOP}`);

/**
 * An EventSource as the browser implements it, over fetch: reads `id:` / `event:` / `data:`
 * lines, keeps the last id, and when the stream ends or cannot be opened waits the server's
 * `retry` and opens it again with Last-Event-ID.
 */
function eventSource(url: string, cookie: string) {
  const messages: Message[] = [];
  let opens = 0;
  let lastId = '';
  let retry = 2_000;
  let stopped = false;
  let controller: AbortController | null = null;
  const waiters: (() => void)[] = [];
  const changed = () => waiters.splice(0).forEach((wake) => wake());

  async function connect(): Promise<void> {
    controller = new AbortController();
    const headers: Record<string, string> = { cookie, accept: 'text/event-stream' };
    if (lastId) headers['last-event-id'] = lastId;
    const response = await fetch(url, { headers, signal: controller.signal });
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    opens += 1;
    changed();
    const decoder = new TextDecoder();
    let buffer = '';
    let event = { id: '', type: 'message', data: '' };
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line === '') {
          if (event.id) lastId = event.id;
          if (event.type === 'message' && event.data) {
            messages.push(JSON.parse(event.data) as Message);
            changed();
          }
          event = { id: '', type: 'message', data: '' };
        } else if (line.startsWith('id: ')) event.id = line.slice(4);
        else if (line.startsWith('event: ')) event.type = line.slice(7);
        else if (line.startsWith('data: ')) event.data += line.slice(6);
        else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
      }
    }
  }

  void (async () => {
    while (!stopped) {
      await connect().catch(() => {});
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, retry));
    }
  })();

  return {
    messages,
    opens: () => opens,
    /** Resolves once `ready()` holds, re-checked whenever the stream changes. */
    async until(ready: () => boolean, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!ready()) {
        if (Date.now() > deadline) throw new Error('timed out waiting on the stream');
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 250);
        });
      }
    },
    stop() {
      stopped = true;
      controller?.abort();
    },
  };
}
let reader: ReturnType<typeof eventSource> | undefined;

it('keeps the history across a restart and the stream comes back by itself', async () => {
  const before = (await history()).messages;
  const asked = await say('重启前：请问这件冲锋衣有货吗？');
  const conversationId = asked.conversationId;
  const answered = await api<Message>(
    service,
    `/api/service/console/reply?shopBizCode=${SHOP}&conversationId=${conversationId}`,
    { kind: 'text', text: '重启前：有货的，今天就能发。' },
  );

  // The reader opens the stream at the newest message the page showed.
  reader = eventSource(
    `${shop.url}/api/service/stream?shopBizCode=${SHOP}&lastEventId=${answered.id}`,
    `sid=${shopper}`,
  );
  await reader.until(() => reader!.opens() === 1);
  const live = await say('重启前：好的，谢谢');
  await reader.until(() => reader!.messages.some((m) => m.id === live.id));

  // Stopped and started again on the same database and the same address.
  const port = new URL(shop.url).port;
  expect(await shop.stop()).toBe(0);
  shop = await spawnShop({ DATABASE_URL: TEST_DATABASE_URL, PORT: port });
  expect(new URL(shop.url).port).toBe(port);

  // The history is all there, in order, with the same ids.
  const after = (await history()).messages;
  expect(after.map((m) => m.id)).toEqual(
    [...before, asked, answered, live].map((m) => m.id).slice(-after.length),
  );
  expect(after.slice(-3).map((m) => m.text)).toEqual([
    '重启前：请问这件冲锋衣有货吗？',
    '重启前：有货的，今天就能发。',
    '重启前：好的，谢谢',
  ]);

  // A reply sent right after the restart, whether or not the reader is back yet ...
  const meanwhile = await api<Message>(
    service,
    `/api/service/console/reply?shopBizCode=${SHOP}&conversationId=${conversationId}`,
    { kind: 'text', text: '重启后：还有什么可以帮您？' },
  );
  // ... the reader reconnects by itself (Last-Event-ID) and gets it from the store or live,
  await reader.until(() => reader!.opens() >= 2);
  await reader.until(() => reader!.messages.some((m) => m.id === meanwhile.id));
  // and a message sent after it is back arrives live.
  const later = await say('重启后：没有了，谢谢');
  await reader.until(() => reader!.messages.some((m) => m.id === later.id));

  const ids = reader.messages.map((m) => m.id);
  expect(ids).toEqual([live.id, meanwhile.id, later.id]);
  expect(reader.messages.map((m) => m.fromShop)).toEqual([false, true, false]);
}, 300_000);
