/**
 * npm run db:seed: rebuilds the demo data from scratch, in one transaction (every table emptied,
 * then seeded), so a running PostgreSQL-backed shop never sees it half done.
 */
import { migrate, openDatabase } from '#lib/platform/db/client.server.ts';
import { reseedDemo } from '#lib/platform/db/seed/index.ts';
import { databaseTarget } from '#lib/platform/boot.server.ts';
import { envOrExit, exitOnKnownError } from './cli.ts';

const database = await openDatabase(databaseTarget(envOrExit())).catch((error: unknown) => {
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
