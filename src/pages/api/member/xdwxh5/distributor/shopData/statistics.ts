import { DistributionReportContracts } from '#lib/distribution/reports-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readShopData } from '#lib/distribution/shop-data.server.ts';

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
