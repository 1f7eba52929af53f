import { DistributionContracts } from '#lib/distribution/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { profitSummary } from '#lib/distribution/ledger.server.ts';

/** GET ?shopBizCode= → { balanceCents, frozenCents }: the shop keeper's own money. Shop keepers. */
export const GET = endpoint(DistributionContracts.profit, ({ query, user, context }) =>
  profitSummary(context.locals.database.db, query.shopBizCode, user.id),
);
