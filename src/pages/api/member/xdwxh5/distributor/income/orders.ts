import { DistributionReportContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listIncomeLines } from '#lib/distribution/index.server.ts';

/** 收益明细: the caller's commission per order line, optionally of one state. */
export const GET = endpoint(DistributionReportContracts.incomeOrders, ({ query, user, context }) =>
  listIncomeLines(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    state: query.state,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }),
);
