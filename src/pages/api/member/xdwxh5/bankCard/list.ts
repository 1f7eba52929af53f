import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listBankCards } from '#lib/distribution/index.server.ts';

/** The keeper's bank cards. */
export const GET = endpoint(DistributionContracts.bankCards, async ({ user, context }) => ({
  list: await listBankCards(context.locals.database.db, user.id),
}));
