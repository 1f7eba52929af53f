import { DistributionContracts } from '#lib/distribution/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { walletPayouts } from '#lib/distribution/payouts.server.ts';
import { cancelWalletWithdrawal } from '#lib/distribution/wallet-payouts.server.ts';

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
