/** Shared plumbing: the content version, server secrets and the config map. */
import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * One counter that rises whenever anything a shopper's page shows changes (triggers in migration
 * 0002 bump it). Read once per page request: caches of catalogue reads and of rendered pages are
 * keyed by it, so an edit shows at once on every server without a message bus.
 */
export const contentVersion = pgTable(
  'content_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('content_version_single_row_chk', sql`${t.id} = 1`)],
);

/**
 * Secrets the servers share, made once at random by whichever server needs one first (e.g. the
 * key of the SMS code hashes). Never part of any answer.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** The config map of GET /api/front/conf/map: one row per key. */
export const configEntries = pgTable('config_entries', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
