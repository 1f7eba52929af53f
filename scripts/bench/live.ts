/**
 * The bench's live row (issue #16): LIVE_VIEWERS server-sent-event viewers of one room while
 * shoppers post COMMENTS_PER_SECOND comments for `seconds` → how long a comment takes from its
 * POST to each viewer (p50/p99 over every delivery) and the server process's CPU meanwhile
 * (/proc/<pid>/stat: user + system time over wall time; 100% is one core).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { readFileSync } from 'node:fs';

export const LIVE_VIEWERS = 500;
export const COMMENTS_PER_SECOND = 20;
/** The rate limit is 1 comment per 2 s per user: this many shoppers take turns. */
const COMMENTERS = 50;
const ROOM = '/api/live/room/L1001001';
const CLOCK_TICKS = 100;

export interface LiveRow {
  viewers: number;
  comments: number;
  deliveries: number;
  p50: number;
  p99: number;
  cpuPercent: number;
}

function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** One viewer: a socket of its own; calls `onMessage(id)` for each message event. */
function view(base: URL, onMessage: (id: number) => void): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(`${ROOM}/events?shopBizCode=1001`, base),
      { agent: false, headers: { 'accept-encoding': 'br, gzip' } },
      (response) => {
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.includes('event: message')) continue;
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            if (id) onMessage(Number(id));
          }
        });
        resolve(response);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function measureLive(
  base: URL,
  pid: number,
  seconds: number,
  signIn: (phone: string, address: string) => Promise<string>,
): Promise<LiveRow> {
  const cookies: string[] = [];
  for (let i = 0; i < COMMENTERS; i += 1) {
    const phone = `1990000${String(i).padStart(4, '0')}`;
    cookies.push(`sid=${await signIn(phone, `198.18.7.${i + 1}`)}`);
  }
  const sentAt = new Map<number, number>();
  const early = new Map<number, number[]>();
  const latencies: number[] = [];
  const onMessage = (id: number) => {
    const now = performance.now();
    const sent = sentAt.get(id);
    if (sent === undefined) early.set(id, [...(early.get(id) ?? []), now]);
    else latencies.push(now - sent);
  };
  const responses: IncomingMessage[] = [];
  for (let i = 0; i < LIVE_VIEWERS; i += 50) {
    responses.push(...(await Promise.all(Array.from({ length: 50 }, () => view(base, onMessage)))));
  }
  const startTicks = cpuTicks(pid);
  const started = performance.now();
  const total = Math.round(seconds * COMMENTS_PER_SECOND);
  const posts: Promise<void>[] = [];
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / COMMENTS_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const at = performance.now();
    posts.push(
      fetch(new URL(`${ROOM}/comment?shopBizCode=1001`, base), {
        method: 'POST',
        headers: { cookie: cookies[n % COMMENTERS]!, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `压测评论 ${n}` }),
      })
        .then((r) => r.json() as Promise<{ code: number; data: { id: number } }>)
        .then((body) => {
          if (body.code !== 0) return;
          sentAt.set(body.data.id, at);
          for (const t of early.get(body.data.id) ?? []) latencies.push(t - at);
          early.delete(body.data.id);
        }),
    );
  }
  await Promise.all(posts);
  // The last deliveries: wait until every viewer has every comment, or 5 s.
  const expected = sentAt.size * LIVE_VIEWERS;
  const until = performance.now() + 5_000;
  while (latencies.length < expected && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const wall = (performance.now() - started) / 1000;
  const cpuPercent = ((cpuTicks(pid) - startTicks) / CLOCK_TICKS / wall) * 100;
  for (const response of responses) response.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    viewers: LIVE_VIEWERS,
    comments: sentAt.size,
    deliveries: latencies.length,
    p50: Math.round(at(0.5)),
    p99: Math.round(at(0.99)),
    cpuPercent: Math.round(cpuPercent),
  };
}
