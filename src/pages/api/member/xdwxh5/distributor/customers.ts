import { DistributionReportContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listCustomers } from '#lib/distribution/index.server.ts';

/** 我的客户: the customers attributed to the caller, masked. */
export const GET = endpoint(DistributionReportContracts.customers, ({ query, user, context }) =>
  listCustomers(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    keyword: query.keyword,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    now: new Date(),
  }),
);
