/**
 * npm run db:seed: rebuilds the demo data from scratch (every table emptied, then seeded).
 * With the embedded database, stop the shop first: one data folder serves one process.
 */
import { migrate, openDatabase } from '../src/lib/server/db/client.ts';
import { clearAll, seedDemo } from '../src/lib/server/db/seed/index.ts';
import { databaseTarget } from '../src/lib/server/boot.ts';
import { env } from '../src/lib/server/env.ts';

const database = await openDatabase(databaseTarget(env()));
try {
  await database.withBootLock(async () => {
    await migrate(database);
    await clearAll(database.db);
    await seedDemo(database.db);
  });
  console.log(`Demo data rebuilt (${database.engine}): shops 1001 and 1002.`);
} finally {
  await database.close();
}
