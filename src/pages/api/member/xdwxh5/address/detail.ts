import { AddressContracts } from '#lib/addresses/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { addressDetail } from '#lib/addresses/index.server.ts';

/** GET ?id= → one of the caller's addresses; someone else's answers like a missing one. */
export const GET = endpoint(AddressContracts.detail, ({ query, user, context }) =>
  addressDetail(context.locals.database.db, user.id, Number(query.id)),
);
