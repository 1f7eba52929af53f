/**
 * Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL server when
 * DATABASE_URL is set. Both speak the same SQL and run the same migrations.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { BOOT_LOCK } from './locks.server.ts';
import { memoryBus, postgresBus, type Bus } from '../bus.server.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Fan-out to every server process on this database (live rooms, customer service). */
  bus: Bus;
  /** Runs fn while holding a cluster-wide lock, so N processes starting at once migrate once. */
  withBootLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel the database itself NOTIFYs on (triggers): `onListen` is called once
   * listening, and again after a lost connection came back (notifications may have been missed
   * meanwhile). Resolves once listening, with the function that stops it.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListen: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Migrations live in the source tree; every npm script runs from the project root. */
export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'src/lib/platform/db/migrations');

/**
 * Where the data is: a PostgreSQL server, an embedded data folder, or memory, optionally starting
 * as a copy of a dumped data folder (`from`: the test suite's migrated and seeded database).
 */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; from?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPostgres(target.url);
  if ('dataDir' in target) return openPglite(target.dataDir);
  return openPglite(undefined, target.from);
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One embedded database folder serves one process: a second opener would corrupt it. The lock
 * file holds the owner's pid; a lock left by a process that died is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = path.resolve(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8'));
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new DataDirInUseError(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${owner}. Stop it first, or set DATABASE_URL.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock ${lockPath}`);
}

async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  try {
    const client = dataDir
      ? new PGlite(path.resolve(dataDir, 'pglite'))
      : new PGlite(from ? { loadDataDir: from } : {});
    await client.waitReady;
    const db = drizzle({ client, schema }) as unknown as Db;
    const bus = memoryBus();
    return {
      db,
      engine: 'pglite',
      bus,
      // PGlite is one connection in one process: nothing else can race it.
      withBootLock: (fn) => fn(),
      // Its notifications are delivered in this process as the committing statement returns.
      async listen(channel, onNotify, onListen) {
        const stop = await client.listen(channel, onNotify);
        onListen();
        return stop;
      },
      close: () => bus.close().then(() => client.close().finally(unlock)),
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * How long one statement may run. A shop request reads a few rows; anything slower means the
 * server is overloaded, and the request is better answered 503 than left hanging. Boot-time work
 * (migrations, seeding, the boot lock) lifts it on its own connection.
 */
export const STATEMENT_TIMEOUT_MS = 5_000;

/**
 * Reconnect quickly and without a growing wait. postgres.js counts every lost connection as a
 * retry shared by the pool and waits 3^retries/100 s (up to 20 s) before connecting again, so
 * ten terminated connections froze the pool for many seconds. Here the wait grows from 50 ms and
 * never passes 400 ms (jittered), so the pool serves again well within a second of the server
 * coming back, and a server that is down is asked at most a few times a second per connection.
 */
export function reconnectDelaySeconds(retries: number, random = Math.random()): number {
  return Math.min(0.05 * 2 ** Math.max(0, retries - 1), 0.4) * (0.75 + random / 4);
}

const POOL_OPTIONS = {
  max: 10,
  /** Seconds to open a connection; an unreachable server fails requests fast instead of after 30 s. */
  connect_timeout: 2,
  backoff: (retries: number) => reconnectDelaySeconds(retries),
  /** Idle connections are closed after a minute so a restarted server is not left half-used. */
  idle_timeout: 60,
  connection: {
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // A process stuck inside a transaction must not hold its row locks for ever.
    idle_in_transaction_session_timeout: 15_000,
  },
  onnotice: () => {},
};

async function openPostgres(url: string): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const client = postgres(url, POOL_OPTIONS);
  const db = drizzle({ client, schema }) as unknown as Db;
  const bus = postgresBus(client);
  return {
    db,
    engine: 'postgres',
    bus,
    async withBootLock(fn) {
      const conn = await client.reserve();
      try {
        // Waiting for another process to migrate may take longer than a statement may.
        await conn`set statement_timeout = 0`;
        await conn`select pg_advisory_lock(${BOOT_LOCK})`;
        return await fn();
      } finally {
        await conn`select pg_advisory_unlock(${BOOT_LOCK})`.catch(() => {});
        await conn`reset statement_timeout`.catch(() => {});
        conn.release();
      }
    },
    // postgres.js keeps one listening connection and LISTENs again after it reconnects.
    async listen(channel, onNotify, onListen) {
      const { unlisten } = await client.listen(channel, onNotify, onListen);
      return async () => {
        await unlisten();
      };
    },
    close: () => bus.close().then(() => client.end({ timeout: 5 })),
  };
}

export async function migrate(database: Database): Promise<void> {
  const migrationsFolder = MIGRATIONS_DIR;
  if (database.engine === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder });
  } else {
    const { migrate: run } = await import('drizzle-orm/postgres-js/migrator');
    await run(database.db as never, { migrationsFolder });
  }
}

/** Touches the tables the first pages read, so the first real request pays no cold start. */
export async function warmUp(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
  await db.query.shops.findFirst();
  await db.query.configEntries.findMany();
}
