import { DistributionReportContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readHistoryIncome } from '#lib/distribution/index.server.ts';

/** History profit (shopBizCode, year): the caller's year month by month. */
export const GET = endpoint(DistributionReportContracts.historyProfit, ({ query, user, context }) =>
  readHistoryIncome(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    year: query.year,
    now: new Date(),
  }),
);
