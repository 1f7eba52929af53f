/**
 * The sandbox gateway's notifications, sent as the real gateway sends them: a JSON body with the
 * resource encrypted (AEAD_AES_256_GCM, API v3 key), Wechatpay-* headers signed with the platform
 * key afresh on every try, delivered when the merchant answers HTTP 200 or 204, otherwise tried
 * again after 15s, 15s, 30s, 3m, 10m, 20m, 30m, 30m, 30m, 60m, 3h, 3h, 3h, 6h, 6h, then given up.
 *
 * A notification is queued in the transaction that changes the state it reports, so one exists
 * exactly when the change does. Delivery holds no transaction while it posts (the merchant may
 * be this very process, on the same database): each try is claimed first by moving its
 * next_attempt_at a lease ahead (`FOR UPDATE SKIP LOCKED`), so two processes never post the same
 * try, and a process that dies mid-post leaves it to be tried again when the lease runs out.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxNotifications } from '#lib/platform/db/schema.ts';
import {
  chinaTime,
  encryptResource,
  signedHeaders,
  unixSeconds,
  type Notification,
} from '#lib/payments/wechatpay/protocol.ts';
import type {
  RefundNotice,
  Transaction,
  TransferBillNotice,
} from '#lib/payments/wechatpay/resources.ts';
import { sandboxKeys, type SandboxKeys } from './keys.server.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The waits after each failed try; after the last one fails the notification is given up. */
export const RETRY_BACKOFF_MS: readonly number[] = [
  15 * SECOND,
  15 * SECOND,
  30 * SECOND,
  3 * MINUTE,
  10 * MINUTE,
  20 * MINUTE,
  30 * MINUTE,
  30 * MINUTE,
  30 * MINUTE,
  60 * MINUTE,
  3 * HOUR,
  3 * HOUR,
  3 * HOUR,
  6 * HOUR,
  6 * HOUR,
];
/** The first try and one retry per wait. */
export const MAX_TRIES = RETRY_BACKOFF_MS.length + 1;
/** A claimed try belongs to its process this long (longer than a post may take). */
const LEASE_MS = 60 * SECOND;
/** The real gateway gives a merchant five seconds to answer. */
const POST_TIMEOUT_MS = 5 * SECOND;
/** Tries one round posts at most; the next round takes the rest. */
const BATCH = 20;

export type NotificationEvent =
  | { eventType: 'TRANSACTION.SUCCESS'; resource: Transaction }
  | { eventType: 'REFUND.SUCCESS'; resource: RefundNotice }
  | { eventType: 'MCHTRANSFER.BILL.FINISHED'; resource: TransferBillNotice };

const EVENT_TEXT = {
  'TRANSACTION.SUCCESS': { summary: '支付成功', associatedData: 'transaction' },
  'REFUND.SUCCESS': { summary: '退款成功', associatedData: 'refund' },
  'MCHTRANSFER.BILL.FINISHED': { summary: '商家转账单据终态通知', associatedData: 'mch_payment' },
} as const;

/** Queues a notification; call it inside the transaction of the change it reports. */
export async function queueNotification(
  tx: DbOrTx,
  input: NotificationEvent & { url: string; keys: SandboxKeys; now: Date },
): Promise<string> {
  const { summary, associatedData } = EVENT_TEXT[input.eventType];
  const notification: Notification = {
    id: randomUUID(),
    create_time: chinaTime(input.now),
    event_type: input.eventType,
    resource_type: 'encrypt-resource',
    summary,
    resource: encryptResource({
      plaintext: JSON.stringify(input.resource),
      apiV3Key: input.keys.apiV3Key,
      associatedData,
      originalType: associatedData,
    }),
  };
  await tx.insert(sandboxNotifications).values({
    eventId: notification.id,
    url: input.url,
    body: JSON.stringify(notification),
    nextAttemptAt: input.now,
  });
  return notification.id;
}

interface Claimed {
  id: number;
  url: string;
  body: string;
  attempts: number;
  lease: Date;
}

/** Claims the due tries: one statement, so a try another process holds is skipped, not waited for. */
async function claimDue(db: DbOrTx, now: Date): Promise<Claimed[]> {
  const t = sandboxNotifications;
  const lease = new Date(now.getTime() + LEASE_MS);
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(and(isNull(t.deliveredAt), lt(t.attempts, MAX_TRIES), lte(t.nextAttemptAt, now)))
    .orderBy(asc(t.nextAttemptAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(t)
    .set({ nextAttemptAt: lease })
    .where(and(inArray(t.id, due), isNull(t.deliveredAt), lte(t.nextAttemptAt, now)))
    .returning({ id: t.id, url: t.url, body: t.body, attempts: t.attempts });
  return rows.map((row) => ({ ...row, lease }));
}

/** One post: whether it was delivered and what to remember about it. */
async function post(
  claimed: Claimed,
  keys: SandboxKeys,
  now: Date,
  send: typeof fetch,
): Promise<{ delivered: boolean; result: string }> {
  try {
    const response = await send(claimed.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: '*/*',
        'User-Agent': 'Mozilla/4.0',
        ...signedHeaders({
          body: claimed.body,
          serial: keys.platformKeyId,
          privateKey: keys.platformPrivateKey,
          timestamp: unixSeconds(now),
        }),
      },
      body: claimed.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    // What the merchant says is not read beyond its status; the body is let go.
    await response.body?.cancel().catch(() => {});
    const delivered = response.status === 200 || response.status === 204;
    return { delivered, result: `HTTP ${response.status}` };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      delivered: false,
      result: `error: ${(error as Error).message}${cause ? ` (${cause})` : ''}`,
    };
  }
}

/** Records a try's outcome, only while the claim is still this round's. */
async function record(
  db: DbOrTx,
  claimed: Claimed,
  outcome: { delivered: boolean; result: string },
  now: Date,
): Promise<void> {
  const t = sandboxNotifications;
  const tries = claimed.attempts + 1;
  const wait = RETRY_BACKOFF_MS[tries - 1];
  const set = outcome.delivered
    ? { attempts: tries, deliveredAt: now, lastResult: outcome.result }
    : wait === undefined
      ? { attempts: tries, lastResult: `gave up after ${tries} tries: ${outcome.result}` }
      : {
          attempts: tries,
          nextAttemptAt: new Date(now.getTime() + wait),
          lastResult: outcome.result,
        };
  await db
    .update(t)
    .set(set)
    .where(
      and(
        eq(t.id, claimed.id),
        eq(t.attempts, claimed.attempts),
        eq(t.nextAttemptAt, claimed.lease),
        isNull(t.deliveredAt),
      ),
    );
}

/**
 * Posts every notification that is due (one try each) and answers how many were delivered.
 * `now` and `fetch` let tests run the back-off on a fake clock against a fake merchant.
 */
export async function deliverDueNotifications(
  db: DbOrTx,
  options: { now?: Date; fetch?: typeof fetch } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const claimed = await claimDue(db, now);
  if (claimed.length === 0) return 0;
  const keys = await sandboxKeys(db);
  const send = options.fetch ?? fetch;
  const outcomes = await Promise.all(
    claimed.map(async (one) => {
      const outcome = await post(one, keys, now, send);
      await record(db, one, outcome, now);
      return outcome.delivered;
    }),
  );
  return outcomes.filter(Boolean).length;
}

/**
 * Delivers due notifications about every second until stopped. A round never overlaps the last;
 * a failing round is logged and the next one tries again.
 */
export function startSandboxNotifier(
  db: DbOrTx,
  options: { intervalMs?: number; beforeRound?: (db: DbOrTx) => Promise<unknown> } = {},
): () => void {
  let running = false;
  let stopped = false;
  const round = async () => {
    if (running || stopped) return;
    running = true;
    try {
      // The gateway's own state changes that notify (a transfer bill's window ending) come first.
      await options.beforeRound?.(db);
      await deliverDueNotifications(db);
    } catch (error) {
      console.error('[sandbox-wechatpay] notification round failed:', (error as Error).message);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void round(), options.intervalMs ?? 1000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
