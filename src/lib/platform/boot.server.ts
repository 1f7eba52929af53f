/**
 * Brings the database to a servable state: migrate, seed an empty database with the demo data,
 * warm up. Runs under the boot lock so many processes starting together do it once.
 */
import {
  migrate,
  openDatabase,
  warmUp,
  type Database,
  type DatabaseTarget,
} from './db/client.server.ts';
import { isEmpty, seedDemo } from './db/seed/index.ts';
import type { Env } from './env.server.ts';

export function databaseTarget(env: Env): DatabaseTarget {
  return env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR };
}

export async function bootDatabase(
  target: DatabaseTarget,
  options: { seed?: boolean } = {},
): Promise<Database> {
  const database = await openDatabase(target);
  try {
    await database.withBootLock(async () => {
      await migrate(database);
      if (options.seed !== false && (await isEmpty(database.db))) await seedDemo(database.db);
    });
    await warmUp(database.db);
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
