import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { profitSummary } from '#lib/commission/index.server.ts';

/** GET ?shopBizCode= → { balanceCents, frozenCents }: the shop keeper's own money. Shop keepers. */
export const GET = endpoint(DistributionContracts.profit, ({ query, user, context }) =>
  profitSummary(context.locals.database.db, query.shopBizCode, user.id),
);
