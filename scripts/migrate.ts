/** npm run db:migrate: applies the migrations to the configured database (start-up does this too). */
import { migrate, openDatabase } from '#lib/platform/db/client.server.ts';
import { databaseTarget } from '#lib/platform/boot.server.ts';
import { envOrExit, exitOnKnownError } from './cli.ts';

const database = await openDatabase(databaseTarget(envOrExit())).catch((error: unknown) => {
  exitOnKnownError(error);
  throw error;
});
try {
  await database.withBootLock(() => migrate(database));
  console.log(`Migrations applied (${database.engine}).`);
} finally {
  await database.close();
}
