/**
 * The 诺诺 sandbox's result callbacks, posted as the platform posts them: a form of
 * operater=callback, orderno and content (c_status 1 开票完成 with the numbers, the amounts and
 * the PDF's address; 2 开票失败 with c_errorMessage) to the request's callBackUrl. It is taken
 * when the receiver answers {"status":"0000"}; else it is posted again after 15s, 1m, 5m, 30m,
 * 1h, 2h, then every 6h. The worker also issues what is due.
 *
 * Any process may run a round at any time: each due callback is claimed first by moving its
 * callback_due_at a lease ahead (FOR UPDATE SKIP LOCKED), so two processes never post the same
 * one, and a process that dies mid-post leaves it to be posted again when the lease runs out. No
 * transaction is held while posting (the receiver may be this very process, on this database).
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxNuonuoRequests } from '#lib/platform/db/schema.ts';
import { sandboxAccount, type SandboxAccount } from './keys.server.ts';
import { pdfUrlOf } from './pdf-link.server.ts';
import { issueDue, totalOf, type Row } from './platform.server.ts';
import { centsOf } from '../protocol.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The waits after each callback not taken; the last one repeats. */
export const CALLBACK_BACKOFF_MS: readonly number[] = [
  15 * SECOND,
  MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  6 * HOUR,
];
const LEASE_MS = 60 * SECOND;
const POST_TIMEOUT_MS = 5 * SECOND;
const BATCH = 20;

const money = (cents: number) => (cents / 100).toFixed(2);

/** The callback's form for a request that is issued or failed. */
export function callbackForm(row: Row, account: SandboxAccount): URLSearchParams {
  const order = row.request as Record<string, unknown>;
  let content: Record<string, unknown>;
  if (row.status === '2') {
    const lines = (order.invoiceDetail ?? []) as Record<string, unknown>[];
    const excluded = lines.reduce((s, line) => s + (centsOf(line.taxExcludedAmount) ?? 0), 0);
    content = {
      c_status: '1',
      c_orderno: row.orderNo,
      c_fpqqlsh: row.serialNo,
      c_kprq: row.issuedAt!.getTime(),
      c_fpdm: '',
      c_fphm: '',
      allElectronicInvoiceNumber: row.invoiceNo,
      oldEleInvoiceNumber: row.reversesNo ?? '',
      c_bhsje: money(excluded),
      c_hjse: money(totalOf(order) - excluded),
      c_jshj: money(totalOf(order)),
      c_url: pdfUrlOf(row, account),
      c_jpg_url: '',
      email: order.email ?? '',
      phone: order.buyerPhone ?? '',
    };
  } else {
    content = {
      c_status: '2',
      c_fpqqlsh: row.serialNo,
      c_saletaxnum: account.taxNo,
      c_errorMessage: row.failCause ?? '开票失败',
    };
  }
  return new URLSearchParams({
    operater: 'callback',
    orderno: row.orderNo,
    content: JSON.stringify(content),
  });
}

async function claimDue(db: DbOrTx, now: Date): Promise<{ rows: Row[]; lease: Date }> {
  const t = sandboxNuonuoRequests;
  const lease = new Date(now.getTime() + LEASE_MS);
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.callbackState, 'due'), lte(t.callbackDueAt, now)))
    .orderBy(asc(t.callbackDueAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(t)
    .set({ callbackDueAt: lease })
    .where(and(inArray(t.id, due), eq(t.callbackState, 'due'), lte(t.callbackDueAt, now)))
    .returning();
  return { rows, lease };
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
    let answer: { status?: unknown } = {};
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      // Not the expected answer: not taken.
    }
    return {
      taken: response.status === 200 && answer.status === '0000',
      result: `HTTP ${response.status} ${text.slice(0, 120)}`,
    };
  } catch (error) {
    return { taken: false, result: `error: ${(error as Error).message}` };
  }
}

/**
 * Issues what is due, then posts every callback that is due (one try each); answers how many
 * were taken. `now` and `fetch` let tests run it on a moved clock against an in-process receiver.
 */
export async function runNuonuoSandbox(
  db: DbOrTx,
  options: { now?: Date; fetch?: typeof fetch } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  await issueDue(db, now);
  const { rows, lease } = await claimDue(db, now);
  if (rows.length === 0) return 0;
  const account = await sandboxAccount(db);
  const send = options.fetch ?? fetch;
  const t = sandboxNuonuoRequests;
  let taken = 0;
  for (const row of rows) {
    const mine = and(eq(t.id, row.id), eq(t.callbackDueAt, lease));
    const outcome = await post(row.callbackUrl!, callbackForm(row, account), send);
    if (outcome.taken) {
      taken += 1;
      await db
        .update(t)
        .set({ callbackState: 'taken', callbackResult: outcome.result })
        .where(mine);
      continue;
    }
    const wait =
      CALLBACK_BACKOFF_MS[Math.min(row.callbackAttempts, CALLBACK_BACKOFF_MS.length - 1)]!;
    await db
      .update(t)
      .set({
        callbackAttempts: row.callbackAttempts + 1,
        callbackDueAt: new Date(now.getTime() + wait),
        callbackResult: outcome.result,
      })
      .where(mine);
  }
  return taken;
}

const running = new WeakMap<object, () => void>();

/**
 * Runs the sandbox about every second until stopped (demo mode): issues what is due and posts
 * callbacks. Started once per process and database, whoever asks first (the server script, or
 * the sandbox's route on its first call); a round never overlaps the last.
 */
export function startNuonuoSandbox(db: DbOrTx, options: { intervalMs?: number } = {}): () => void {
  const started = running.get(db);
  if (started) return started;
  let busy = false;
  let stopped = false;
  const tick = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      await runNuonuoSandbox(db);
    } catch (error) {
      console.error('[sandbox-nuonuo] round failed:', (error as Error).message);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? 1000);
  timer.unref();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    running.delete(db);
  };
  running.set(db, stop);
  return stop;
}
