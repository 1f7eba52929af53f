import { DistributionContracts } from '#lib/distribution/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { listBankCards } from '#lib/distribution/cards.server.ts';

/** The keeper's bank cards. */
export const GET = endpoint(DistributionContracts.bankCards, async ({ user, context }) => ({
  list: await listBankCards(context.locals.database.db, user.id),
}));
