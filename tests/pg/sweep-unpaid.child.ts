/**
 * One process of the unpaid-order sweeper race (order-race.test.ts), as a server would run its
 * timer: opens the database and says `ready`, then waits for one line on stdin — the instant to
 * sweep at, in ISO form — runs cancelOverdueOrders once and prints `cancelled N`. Starting takes
 * a while on a busy machine, so the test starts these early and tells them all at once.
 *
 *   node tests/pg/sweep-unpaid.child.ts <database url>
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '#lib/platform/db/client.server.ts';
import { cancelOverdueOrders } from '#lib/orders/timers.server.ts';

const [url] = process.argv.slice(2);
if (!url) throw new Error('usage: sweep-unpaid.child.ts <database url>');
const database = await openDatabase({ url });
try {
  await database.db.execute(sql`select 1`);
  process.stdout.write('ready\n');
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  const at = new Date(input.trim());
  if (Number.isNaN(at.getTime())) throw new Error(`Not an instant: ${input}`);
  const cancelled = await cancelOverdueOrders(database.db, at);
  process.stdout.write(`cancelled ${cancelled}\n`);
} finally {
  await database.close();
}
