import { DistributionReportContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { rankCustomers } from '#lib/distribution/index.server.ts';

/** 客户贡献排行: the caller's customers of a period, ranked. */
export const GET = endpoint(DistributionReportContracts.contribution, ({ query, user, context }) =>
  rankCustomers(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    period: query.period,
    sort: query.sort,
    now: new Date(),
  }),
);
