/**
 * npm run db:seed: rebuilds the demo data from scratch, in one transaction (every table emptied,
 * then seeded), so a running PostgreSQL-backed shop never sees it half done.
 */
import { migrate, openDatabase } from '#lib/platform/db/client.server.ts';
import { reseedDemo } from '#demo/index.ts';
import { databaseTarget } from '#lib/platform/boot.server.ts';
import { envOrExit, exitOnKnownError } from './cli.ts';

const config = envOrExit();
if (config.SHOP_MODE === 'production') {
  // It empties every table first: never on a real shop's database.
  console.error('npm run db:seed rebuilds the demo data and empties every table: demo mode only.');
  process.exit(1);
}
const database = await openDatabase(databaseTarget(config)).catch((error: unknown) => {
  exitOnKnownError(error);
  throw error;
});
try {
  await database.withBootLock(async () => {
    await migrate(database);
    await reseedDemo(database.db);
  });
  console.log(`Demo data rebuilt (${database.engine}): shops 1001 and 1002.`);
} finally {
  await database.close();
}
