/**
 * The distribution timers: commission whose after-sale window has passed is settled, approved
 * withdrawals whose payout went unanswered are asked about again, and 微信零钱 bills whose
 * confirmation window ended are asked about (money back once if unconfirmed), paid card payouts'
 * e-receipts are fetched and kept, and keepers' certifications whose document has ended are
 * expired (paid no more until renewed). Idempotent
 * SQL any server may run (DESIGN "Timers").
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { expireCertifications } from '#lib/certification/index.server.ts';
import { settleDueCommission } from '#lib/commission/index.server.ts';
import { payoutProvider, walletPayouts } from './payouts.server.ts';
import { sweepUnconfirmed } from './wallet-payouts.server.ts';
import { collectReceipts, retryPayouts } from './withdrawals.server.ts';

export async function runDistributionTimers(db: DbOrTx, now = new Date()): Promise<void> {
  await settleDueCommission(db, now);
  const wallet = await walletPayouts(db);
  const cards = payoutProvider();
  await retryPayouts(db, { cards, wallet }, now);
  await collectReceipts(db, cards, now);
  await sweepUnconfirmed(db, wallet, now);
  await expireCertifications(db, now);
}

export const DISTRIBUTION_TIMER_INTERVAL_MS = 15_000;

/** Runs the distribution timers every DISTRIBUTION_TIMER_INTERVAL_MS until the answer is called. */
export function startDistributionTimers(db: DbOrTx): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runDistributionTimers(db)
      .catch((error: unknown) => console.error('[distribution] timer round failed:', error))
      .finally(() => {
        running = false;
      });
  }, DISTRIBUTION_TIMER_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
