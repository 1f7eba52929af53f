import { IdentityContracts } from '#lib/identity/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readOutbox } from '#lib/identity/sms/outbox.server.ts';
import { devOutboxEnabled } from '#lib/identity/sms/index.server.ts';

/** The console SMS provider's outbox for one phone, newest first; 404 whenever it is off. */
export const GET = endpoint(
  IdentityContracts.smsOutbox,
  ({ query, context }) => readOutbox(context.locals.database.db, query.phone),
  { available: devOutboxEnabled },
);
