import { DistributionContracts } from '#lib/distribution/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { listWithdrawals } from '#lib/distribution/withdrawals.server.ts';

/** 提现记录, newest first. */
export const GET = endpoint(DistributionContracts.withdrawals, ({ query, user, context }) =>
  listWithdrawals(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }),
);
