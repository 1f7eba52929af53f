import { DistributionReportContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readMonthlyBill } from '#lib/distribution/index.server.ts';
import { billMonth } from '#lib/distribution/index.ts';

/** 月度账单: the caller's bill of a month (this month by default; never a future one). */
export const GET = endpoint(DistributionReportContracts.monthlyBill, ({ query, user, context }) =>
  readMonthlyBill(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    month: billMonth(query.month, new Date()),
  }),
);
