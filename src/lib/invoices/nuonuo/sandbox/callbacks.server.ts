/**
 * The 诺诺 sandbox's result callbacks, posted as the platform posts them: a form of
 * operater=callback, orderno and content (c_status 1 开票完成 with the numbers, the amounts and
 * the PDF's address; 2 开票失败 with c_errorMessage) to the request's callBackUrl. It is taken
 * when the receiver answers {"status":"0000"}; else it is posted again after 15s, 1m, 5m, 30m,
 * 1h, 2h, then every 6h. The worker also issues what is due. Claiming, posting and backing off:
 * platform/retried-posts.server.ts.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxNuonuoRequests } from '#lib/platform/db/schema.ts';
import {
  claimDuePosts,
  postForm,
  repeatRounds,
  type PostQueue,
} from '#lib/platform/retried-posts.server.ts';
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

const CALLBACKS: PostQueue<typeof sandboxNuonuoRequests> = {
  table: sandboxNuonuoRequests,
  pending: eq(sandboxNuonuoRequests.callbackState, 'due'),
  dueAt: 'callbackDueAt',
  attempts: 'callbackAttempts',
  result: 'callbackResult',
  backoffMs: CALLBACK_BACKOFF_MS,
};

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

const callbackTaken = (answer: Record<string, unknown>) => answer.status === '0000';

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
  const claims = await claimDuePosts(db, CALLBACKS, now);
  if (claims.length === 0) return 0;
  const account = await sandboxAccount(db);
  const send = options.fetch ?? fetch;
  let taken = 0;
  for (const claim of claims) {
    const form = callbackForm(claim.row, account);
    const outcome = await postForm(claim.row.callbackUrl!, form, send, callbackTaken);
    await claim.record(outcome, now, { callbackState: 'taken' });
    if (outcome.taken) taken += 1;
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
  const stopRounds = repeatRounds(() => runNuonuoSandbox(db), {
    intervalMs: options.intervalMs ?? 1000,
    failure: '[sandbox-nuonuo] round failed:',
  });
  const stop = () => {
    stopRounds();
    running.delete(db);
  };
  running.set(db, stop);
  return stop;
}
