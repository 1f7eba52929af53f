import { DistributionReportContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listSettlements } from '#lib/distribution/index.server.ts';

/** 结算账单: the caller's settlements and claw-backs of a month. */
export const GET = endpoint(
  DistributionReportContracts.settlementBill,
  ({ query, user, context }) =>
    listSettlements(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      month: query.month,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    }),
);
