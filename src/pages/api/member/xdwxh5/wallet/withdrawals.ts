import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listWithdrawals } from '#lib/distribution/index.server.ts';

/** 提现记录, newest first. */
export const GET = endpoint(DistributionContracts.withdrawals, ({ query, user, context }) =>
  listWithdrawals(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }),
);
