import { sql } from 'drizzle-orm';
import type { Database } from './db/client.server.ts';

export interface Health {
  status: 'ok';
  database: Database['engine'];
  time: string;
}

/** One round trip to the database, so a health check proves the data layer answers. */
export async function checkHealth(database: Database): Promise<Health> {
  await database.db.execute(sql`select 1`);
  return { status: 'ok', database: database.engine, time: new Date().toISOString() };
}
