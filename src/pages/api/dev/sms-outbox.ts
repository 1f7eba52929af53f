import { IdentityContracts } from '#lib/identity/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readOutbox } from '#lib/identity/index.server.ts';
import { devOutboxEnabled } from '#lib/identity/index.server.ts';

/** The console SMS provider's outbox for one phone, newest first; 404 whenever it is off. */
export const GET = endpoint(
  IdentityContracts.smsOutbox,
  ({ query, context }) => readOutbox(context.locals.database.db, query.phone),
  { available: devOutboxEnabled },
);
