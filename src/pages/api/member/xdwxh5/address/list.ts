import { AddressContracts } from '#lib/addresses/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { listAddresses } from '#lib/addresses/addresses.server.ts';

/** The caller's addresses, the default first, then the newest. */
export const GET = endpoint(AddressContracts.list, ({ user, context }) =>
  listAddresses(context.locals.database.db, user.id),
);
