import { DistributionReportContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { recentBills } from '#lib/distribution/index.server.ts';

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
