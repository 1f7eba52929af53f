import { AddressContracts } from '#lib/addresses/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { addAddress } from '#lib/addresses/index.server.ts';

/** Adds an address for the caller (at most 20; the first is the default). */
export const POST = endpoint(AddressContracts.add, ({ body, user, context }) =>
  addAddress(context.locals.database.db, user.id, body),
);
