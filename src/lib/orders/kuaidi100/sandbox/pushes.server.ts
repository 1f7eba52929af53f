/**
 * The Kuaidi100 sandbox's pushes, made as the real service makes them: when a watched parcel has
 * traces its receiver has not taken, a form of `param` (status, lastResult with every trace,
 * newest first) and `sign` = MD5(param + salt) is posted to the subscription's callback; it is
 * taken when the receiver answers {"result":true,"returnCode":"200"}, else tried again after
 * 30s, 1m, 5m, 30m, 1h, 2h, then every 6h. A signed parcel's push ends the watch (shutdown).
 * Claiming, posting and backing off: platform/retried-posts.server.ts.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxKuaidi100Subscriptions } from '#lib/platform/db/schema.ts';
import {
  claimDuePosts,
  postForm,
  repeatRounds,
  type ClaimedPost,
  type PostQueue,
} from '#lib/platform/retried-posts.server.ts';
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

const PUSHES: PostQueue<typeof sandboxKuaidi100Subscriptions> = {
  table: sandboxKuaidi100Subscriptions,
  pending: eq(sandboxKuaidi100Subscriptions.status, 'polling'),
  dueAt: 'nextPushAt',
  attempts: 'attempts',
  result: 'lastResult',
  backoffMs: PUSH_BACKOFF_MS,
};

/** The push's form: `param` and, when the subscription gave a salt, its `sign`. */
export function pushForm(param: PushParam, salt: string | null): URLSearchParams {
  const text = JSON.stringify(param);
  const form = new URLSearchParams({ param: text });
  if (salt) form.set('sign', pushSign(text, salt));
  return form;
}

const pushTaken = (answer: Record<string, unknown>) =>
  answer.result === true && answer.returnCode === '200';

/** One subscription's round: push what is new, then say when to look again. */
async function round(
  claim: ClaimedPost<typeof sandboxKuaidi100Subscriptions>,
  db: DbOrTx,
  now: Date,
  send: typeof fetch,
) {
  const sub = claim.row;
  const parcel = await sandboxParcel(db, sub.company, sub.number, {
    since: sub.createdAt,
    from: sub.fromText,
    to: sub.toText,
  });
  if (!parcel) {
    await claim.write({ status: 'abort', lastResult: 'no such parcel' });
    return false;
  }
  const track = trackAt(parcel, now);
  const next = track.nextAt ?? new Date(now.getTime() + 6 * HOUR);
  if (track.data.length <= sub.pushedCount) {
    await claim.write({ nextPushAt: next });
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
  const outcome = await postForm(sub.callbackUrl, pushForm(param, sub.salt), send, pushTaken);
  await claim.record(outcome, now, {
    pushedCount: track.data.length,
    attempts: 0,
    status: track.signed ? 'shutdown' : 'polling',
    nextPushAt: next,
  });
  return outcome.taken;
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
  const claims = await claimDuePosts(db, PUSHES, now);
  const send = options.fetch ?? fetch;
  let taken = 0;
  for (const claim of claims) {
    if (await round(claim, db, now, send)) taken += 1;
  }
  return taken;
}

/** Makes due pushes about every second until stopped (demo mode: scripts/serve.ts). */
export function startKuaidi100Pusher(
  db: DbOrTx,
  options: { intervalMs?: number } = {},
): () => void {
  return repeatRounds(() => deliverDuePushes(db), {
    intervalMs: options.intervalMs ?? 1000,
    failure: '[sandbox-kuaidi100] push round failed:',
  });
}
