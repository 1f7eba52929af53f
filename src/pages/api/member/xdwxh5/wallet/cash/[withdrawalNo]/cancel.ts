import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { walletPayouts } from '#lib/distribution/index.server.ts';
import { cancelWalletWithdrawal } from '#lib/distribution/index.server.ts';

/** 取消收款: the unconfirmed transfer bill is cancelled; the money comes back once. */
export const POST = endpoint(
  DistributionContracts.receiptCancel,
  async ({ params, query, user, context }) => {
    const db = context.locals.database.db;
    await cancelWalletWithdrawal(db, await walletPayouts(db), {
      shopId: query.shopBizCode,
      userId: user.id,
      withdrawalNo: params.withdrawalNo,
    });
    return null;
  },
);
