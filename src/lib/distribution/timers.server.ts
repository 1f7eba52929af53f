/**
 * The distribution timers: commission whose after-sale window has passed is settled, and
 * approved withdrawals whose payout went unanswered are asked about again. Idempotent SQL any
 * server may run (DESIGN "Timers").
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { settleDueCommission } from './commission.server.ts';
import { payoutProvider } from './payouts.server.ts';
import { retryPayouts } from './withdrawals.server.ts';

export async function runDistributionTimers(db: DbOrTx, now = new Date()): Promise<void> {
  await settleDueCommission(db, now);
  await retryPayouts(db, payoutProvider(), now);
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
