/**
 * Brings the database to a servable state: migrate, seed an empty database with the demo data
 * (or, in demo mode, re-arm the demo's time-bound states on one seeded before), warm up. Runs
 * under the boot lock so many processes starting together do it once.
 */
import {
  migrate,
  openDatabase,
  warmUp,
  type Database,
  type DatabaseTarget,
} from './db/client.server.ts';
import { isEmpty, seedDemo } from '#demo/index.ts';
import { hasDemoShops, rearmDemo } from '#demo/rearm.ts';
import type { Env } from './env.server.ts';

export function databaseTarget(env: Env): DatabaseTarget {
  return env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR };
}

export async function bootDatabase(
  target: DatabaseTarget,
  /** `rearm`: in demo mode, put the demo's time-bound states back (seed/rearm.ts). */
  options: { seed?: boolean; rearm?: boolean } = {},
): Promise<Database> {
  const database = await openDatabase(target);
  try {
    await database.withBootLock(async () => {
      await migrate(database);
      if (options.seed !== false && (await isEmpty(database.db))) {
        await seedDemo(database.db);
      } else if (options.rearm && (await hasDemoShops(database.db))) {
        const report = await rearmDemo(database.db);
        const moved = Object.entries(report).filter(([, v]) => (Array.isArray(v) ? v.length : v));
        if (moved.length > 0) {
          console.log(`[demo] re-armed ${moved.map(([k, v]) => `${k}=${String(v)}`).join(' ')}`);
        }
      }
    });
    await warmUp(database.db);
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
