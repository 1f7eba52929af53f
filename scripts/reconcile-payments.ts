/**
 * npm run payments:reconcile: compares every stored payment and refund with what the gateway
 * answers for it and prints each difference; exits 1 when there is one. It changes nothing.
 * With PAYMENT_PROVIDER=sandbox the sandbox gateway is this database's own, asked in-process
 * (so no server needs to run; on the embedded database, stop the shop first: one process opens
 * it at a time).
 */
import { openDatabase } from '#lib/platform/db/client.server.ts';
import { databaseTarget } from '#lib/platform/boot.server.ts';
import { paymentGateway } from '#lib/payments/gateway.server.ts';
import { sandboxFetch } from '#lib/payments/sandbox/gateway.server.ts';
import { reconcilePayments } from '#lib/payments/reconcile.server.ts';
import { envOrExit, exitOnKnownError } from './cli.ts';

const config = envOrExit();
const database = await openDatabase(databaseTarget(config)).catch((error: unknown) => {
  exitOnKnownError(error);
  throw error;
});
try {
  const db = database.db;
  const origin = 'http://sandbox.local';
  const gateway =
    config.PAYMENT_PROVIDER === 'sandbox'
      ? await paymentGateway(db, { origin, fetch: sandboxFetch(db, { origin }) })
      : await paymentGateway(db);
  const report = await reconcilePayments(db, gateway);
  for (const d of report.differences) {
    console.log(`${d.kind} ${d.no}: ${d.field} differs — ours ${d.ours}, gateway ${d.theirs}`);
  }
  console.log(
    `Reconciled ${report.payments} payments and ${report.refunds} refunds: ${
      report.differences.length === 0 ? 'no difference' : `${report.differences.length} differences`
    }.`,
  );
  process.exitCode = report.differences.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
