/**
 * Shared server secrets (table server_secrets): made once per database by its migrations, read
 * once per process and kept in memory. Every server of one database uses the same secret.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './db/client.server.ts';
import { serverSecrets } from './db/schema.ts';

const known = new Map<string, Promise<string>>();

async function loadSecret(db: DbOrTx, name: string): Promise<string> {
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} is missing: run the migrations`);
  return row.value;
}

export function serverSecret(db: DbOrTx, name: string): Promise<string> {
  let secret = known.get(name);
  if (!secret) {
    secret = loadSecret(db, name);
    // A failure is not kept: the next caller tries again.
    secret.catch(() => known.delete(name));
    known.set(name, secret);
  }
  return secret;
}

/**
 * A value a sandbox makes for itself once per database (its keys, an account), kept in
 * server_secrets under `name` as JSON: read when there, else made by `make` and stored. Two
 * processes starting together both make one; the first insert wins and both read it.
 */
export async function madeOnce<T>(db: DbOrTx, name: string, make: () => T): Promise<T> {
  const read = () =>
    db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name))
      .then(([row]) => row);
  let row = await read();
  if (!row) {
    await db
      .insert(serverSecrets)
      .values({ name, value: JSON.stringify(make()) })
      .onConflictDoNothing({ target: serverSecrets.name });
    row = await read();
  }
  return JSON.parse(row!.value) as T;
}
