/**
 * The process-wide database, opened once on first use. Kept on globalThis so the server
 * script, the middleware and every endpoint share one connection pool (PGlite allows only one).
 */
import type { Database } from './db/client.server.ts';
import { bootDatabase, databaseTarget } from './boot.server.ts';
import { env } from './env.server.ts';

const KEY = Symbol.for('shop.database');
type Holder = { [KEY]?: Promise<Database> };

export function database(): Promise<Database> {
  const holder = globalThis as Holder;
  const config = env();
  const demo = config.SHOP_MODE === 'demo';
  // A real shop's database never gets the demo shops and phones, nor their re-arm (decision 030).
  holder[KEY] ??= bootDatabase(databaseTarget(config), { seed: demo, rearm: demo }).catch(
    (error: unknown) => {
      delete holder[KEY];
      throw error;
    },
  );
  return holder[KEY];
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as Holder;
  const pending = holder[KEY];
  delete holder[KEY];
  if (pending) await (await pending).close();
}
