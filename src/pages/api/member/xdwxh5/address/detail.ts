import { AddressContracts } from '#lib/addresses/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { addressDetail } from '#lib/addresses/addresses.server.ts';

/** GET ?id= → one of the caller's addresses; someone else's answers like a missing one. */
export const GET = endpoint(AddressContracts.detail, ({ query, user, context }) =>
  addressDetail(context.locals.database.db, user.id, Number(query.id)),
);
