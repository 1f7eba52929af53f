import { AddressContracts } from '#lib/addresses/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { deleteAddress } from '#lib/addresses/addresses.server.ts';

/** Deletes one of the caller's addresses (the newest remaining becomes the default). */
export const POST = endpoint(AddressContracts.delete, async ({ body, user, context }) => {
  await deleteAddress(context.locals.database.db, user.id, body.id);
  return null;
});
