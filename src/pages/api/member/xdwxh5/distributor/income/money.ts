import { DistributionReportContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readIncome } from '#lib/distribution/index.server.ts';

/** 我的收益: the caller's income in the shop of the query. Shop keepers. */
export const GET = endpoint(DistributionReportContracts.incomeMoney, ({ query, user, context }) =>
  readIncome(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    now: new Date(),
  }),
);
