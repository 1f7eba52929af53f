import { LegalContracts } from '#lib/legal/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listAcceptances } from '#lib/legal/index.server.ts';

/** GET ?shopBizCode= → the caller's acceptances in the shop, newest first. */
export const GET = endpoint(LegalContracts.acceptances, ({ query, user, context }) =>
  listAcceptances(context.locals.database.db, query.shopBizCode, user.id),
);
