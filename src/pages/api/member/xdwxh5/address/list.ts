import { AddressContracts } from '#lib/addresses/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listAddresses } from '#lib/addresses/index.server.ts';

/** The caller's addresses, the default first, then the newest. */
export const GET = endpoint(AddressContracts.list, ({ user, context }) =>
  listAddresses(context.locals.database.db, user.id),
);
