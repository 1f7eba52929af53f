/**
 * The Kuaidi100 sandbox's pushes, made as the real service makes them: when a watched parcel has
 * traces its receiver has not taken, a form of `param` (status, lastResult with every trace,
 * newest first) and `sign` = MD5(param + salt) is posted to the subscription's callback; it is
 * taken when the receiver answers {"result":true,"returnCode":"200"}, else tried again after
 * 30s, 1m, 5m, 30m, 1h, 2h, then every 6h. A signed parcel's push ends the watch (shutdown).
 *
 * Any process may run the loop at any time: each due subscription is claimed first by moving its
 * next_push_at a lease ahead (`FOR UPDATE SKIP LOCKED`), so two processes never post the same
 * push, and one that dies mid-post leaves it to be tried again when the lease runs out. No
 * transaction is held while posting (the receiver may be this very process, on this database).
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxKuaidi100Subscriptions } from '#lib/platform/db/schema.ts';
import { pushSign, type PushParam } from '../protocol.ts';
import { sandboxParcel, trackAt } from './world.server.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The waits after each failed try; the last one repeats. */
export const PUSH_BACKOFF_MS: readonly number[] = [
  30 * SECOND,
  MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  6 * HOUR,
];
/** A claimed push belongs to its process this long (longer than a post may take). */
const LEASE_MS = 60 * SECOND;
const POST_TIMEOUT_MS = 5 * SECOND;
/** Pushes one round makes at most; the next round takes the rest. */
const BATCH = 20;

type Subscription = typeof sandboxKuaidi100Subscriptions.$inferSelect;

async function claimDue(db: DbOrTx, now: Date): Promise<{ rows: Subscription[]; lease: Date }> {
  const t = sandboxKuaidi100Subscriptions;
  const lease = new Date(now.getTime() + LEASE_MS);
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.status, 'polling'), lte(t.nextPushAt, now)))
    .orderBy(asc(t.nextPushAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(t)
    .set({ nextPushAt: lease })
    .where(and(inArray(t.id, due), eq(t.status, 'polling'), lte(t.nextPushAt, now)))
    .returning();
  return { rows, lease };
}

/** The push's form: `param` and, when the subscription gave a salt, its `sign`. */
export function pushForm(param: PushParam, salt: string | null): URLSearchParams {
  const text = JSON.stringify(param);
  const form = new URLSearchParams({ param: text });
  if (salt) form.set('sign', pushSign(text, salt));
  return form;
}

async function post(
  url: string,
  form: URLSearchParams,
  send: typeof fetch,
): Promise<{ taken: boolean; result: string }> {
  try {
    const response = await send(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: form.toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    const text = (await response.text()).slice(0, 500);
    let answer: { result?: unknown; returnCode?: unknown } = {};
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      // Not the expected answer: not taken.
    }
    const taken = response.status === 200 && answer.result === true && answer.returnCode === '200';
    return { taken, result: `HTTP ${response.status} ${text.slice(0, 120)}` };
  } catch (error) {
    return { taken: false, result: `error: ${(error as Error).message}` };
  }
}

/** One subscription's round: push what is new, then say when to look again. */
async function round(db: DbOrTx, sub: Subscription, lease: Date, now: Date, send: typeof fetch) {
  const t = sandboxKuaidi100Subscriptions;
  const mine = and(eq(t.id, sub.id), eq(t.nextPushAt, lease));
  const parcel = await sandboxParcel(db, sub.company, sub.number, {
    since: sub.createdAt,
    from: sub.fromText,
    to: sub.toText,
  });
  if (!parcel) {
    await db.update(t).set({ status: 'abort', lastResult: 'no such parcel' }).where(mine);
    return false;
  }
  const track = trackAt(parcel, now);
  const next = track.nextAt ?? new Date(now.getTime() + 6 * HOUR);
  if (track.data.length <= sub.pushedCount) {
    await db.update(t).set({ nextPushAt: next }).where(mine);
    return false;
  }
  const param: PushParam = {
    status: track.signed ? 'shutdown' : 'polling',
    message: '',
    autoCheck: '0',
    comOld: '',
    comNew: '',
    lastResult: {
      message: 'ok',
      state: track.state,
      status: '200',
      ischeck: track.signed ? '1' : '0',
      com: sub.company,
      nu: sub.number,
      data: track.data,
    },
  };
  const outcome = await post(sub.callbackUrl, pushForm(param, sub.salt), send);
  if (outcome.taken) {
    await db
      .update(t)
      .set({
        pushedCount: track.data.length,
        attempts: 0,
        status: track.signed ? 'shutdown' : 'polling',
        nextPushAt: next,
        lastResult: outcome.result,
      })
      .where(mine);
    return true;
  }
  const wait = PUSH_BACKOFF_MS[Math.min(sub.attempts, PUSH_BACKOFF_MS.length - 1)]!;
  await db
    .update(t)
    .set({
      attempts: sub.attempts + 1,
      nextPushAt: new Date(now.getTime() + wait),
      lastResult: outcome.result,
    })
    .where(mine);
  return false;
}

/**
 * Makes every push that is due (one try each) and answers how many were taken. `now` and `fetch`
 * let tests run the parcel's days on a fake clock against an in-process receiver.
 */
export async function deliverDuePushes(
  db: DbOrTx,
  options: { now?: Date; fetch?: typeof fetch } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const { rows, lease } = await claimDue(db, now);
  const send = options.fetch ?? fetch;
  let taken = 0;
  for (const sub of rows) {
    if (await round(db, sub, lease, now, send)) taken += 1;
  }
  return taken;
}

/**
 * Makes due pushes about every second until stopped (demo mode: scripts/serve.ts). A round never
 * overlaps the last; a failing round is logged and the next one tries again.
 */
export function startKuaidi100Pusher(
  db: DbOrTx,
  options: { intervalMs?: number } = {},
): () => void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await deliverDuePushes(db);
    } catch (error) {
      console.error('[sandbox-kuaidi100] push round failed:', (error as Error).message);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? 1000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
