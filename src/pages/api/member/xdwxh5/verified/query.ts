import { RealNameContracts } from '#lib/identity/real-name-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { verifiedQuery } from '#lib/identity/real-name.server.ts';

/** Whether the caller is verified, with the masked name and number when they are. */
export const GET = endpoint(RealNameContracts.query, ({ user, context }) =>
  verifiedQuery(context.locals.database.db, user.id),
);
