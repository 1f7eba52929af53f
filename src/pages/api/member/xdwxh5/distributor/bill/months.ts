import { DistributionReportContracts } from '#lib/distribution/reports-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { recentBills } from '#lib/distribution/reports.server.ts';

/** 账单查询: the caller's last twelve months. */
export const GET = endpoint(
  DistributionReportContracts.billMonths,
  async ({ query, user, context }) => ({
    list: await recentBills(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      now: new Date(),
      count: 12,
    }),
  }),
);
