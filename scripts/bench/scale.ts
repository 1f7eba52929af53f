/**
 * The catalogue at a hundred times its size, for the bench's flat-cost rows: every product of
 * every sale copied 99 times into the same sale, on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase } from '#lib/platform/db/client.server.ts';
import { multiplyProducts } from '#tests/fixtures/catalog-scale.ts';
import { queryRows } from '#tests/fixtures/db.ts';

export const SCALE = 100;

/** Drops and creates an empty database on the local server; answers its URL. */
export async function freshDatabase(name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a database name: ${name}`);
  const server = postgres('postgres://postgres@127.0.0.1:5432/postgres', {
    max: 1,
    onnotice: () => {},
  });
  try {
    await server.unsafe(`drop database if exists ${name} with (force)`);
    await server.unsafe(`create database ${name}`);
  } finally {
    await server.end();
  }
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

/**
 * Copies every product SCALE - 1 times (tests/fixtures/catalog-scale.ts, the paging tests' own
 * builder); answers the number of products after.
 */
export async function multiplyCatalogue(url: string): Promise<number> {
  const database = await openDatabase({ url });
  try {
    await multiplyProducts(database.db, SCALE);
    // As after any bulk load: the planner's statistics and the visibility map made now, not by
    // autovacuum in the middle of the measurement (its work showed as the renders' p99).
    await database.db.execute(sql`vacuum analyze`);
    const [row] = await queryRows<{ count: string }>(database, sql`select count(*) from products`);
    return Number(row!.count);
  } finally {
    await database.close();
  }
}
