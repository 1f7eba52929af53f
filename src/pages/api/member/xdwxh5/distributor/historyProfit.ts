import { DistributionReportContracts } from '#lib/distribution/reports-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readHistoryIncome } from '#lib/distribution/reports.server.ts';

/** History profit (shopBizCode, year): the caller's year month by month. */
export const GET = endpoint(DistributionReportContracts.historyProfit, ({ query, user, context }) =>
  readHistoryIncome(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    year: query.year,
    now: new Date(),
  }),
);
