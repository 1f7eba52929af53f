/** Shared plumbing: the content version, server secrets and idempotency keys. */
import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './db/columns.ts';

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

/**
 * Idempotency keys of commands (commands.server.ts withIdempotencyKey): the key is stored with
 * the command's result in the command's transaction, so a repeat gets the first result back.
 * `scope` names the command, so two commands' keys never meet.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    result: jsonb('result'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('idempotency_keys_key_chk', sql`char_length(${t.key}) between 1 and 200`),
  ],
);
