import { DistributionReportContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readShopData } from '#lib/distribution/index.server.ts';

/** Shop member statistics: the caller's visits, orders, sales and new customers per day. */
export const GET = endpoint(
  DistributionReportContracts.shopStatistics,
  ({ query, user, context }) =>
    readShopData(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      period: query.period,
      now: new Date(),
    }),
);
