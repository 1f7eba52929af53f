import { AddressContracts } from '#lib/addresses/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { deleteAddress } from '#lib/addresses/index.server.ts';

/** Deletes one of the caller's addresses (the newest remaining becomes the default). */
export const POST = endpoint(AddressContracts.delete, async ({ body, user, context }) => {
  await deleteAddress(context.locals.database.db, user.id, body.id);
  return null;
});
