import { RealNameContracts } from '#lib/identity/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { verifiedQuery } from '#lib/identity/index.server.ts';

/** Whether the caller is verified, with the masked name and number when they are. */
export const GET = endpoint(RealNameContracts.query, ({ user, context }) =>
  verifiedQuery(context.locals.database.db, user.id),
);
