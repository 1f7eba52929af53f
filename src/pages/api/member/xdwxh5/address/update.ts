import { AddressContracts } from '#lib/addresses/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { updateAddress } from '#lib/addresses/index.server.ts';

/** Changes one of the caller's addresses; someone else's answers like a missing one. */
export const POST = endpoint(
  AddressContracts.update,
  ({ body: { id, ...fields }, user, context }) =>
    updateAddress(context.locals.database.db, user.id, id, fields),
);
