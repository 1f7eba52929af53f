import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readWithdrawal } from '#lib/distribution/index.server.ts';

/** One of the keeper's withdrawals with its timeline (another's answers 提现记录不存在). */
export const GET = endpoint(DistributionContracts.cashDetail, ({ params, query, user, context }) =>
  readWithdrawal(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    withdrawalNo: params.withdrawalNo,
  }),
);
