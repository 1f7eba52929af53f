import { DistributionContracts } from '#lib/distribution/index.ts';
import { WITHDRAWAL_STATUS_TEXT } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { walletPayouts } from '#lib/distribution/index.server.ts';
import { checkWalletWithdrawal } from '#lib/distribution/index.server.ts';

/** After the confirm-receipt sheet: WeChat is asked about the bill, the answer applied once. */
export const POST = endpoint(
  DistributionContracts.receiptCheck,
  async ({ params, query, user, context }) => {
    const db = context.locals.database.db;
    const status = await checkWalletWithdrawal(db, await walletPayouts(db), {
      shopId: query.shopBizCode,
      userId: user.id,
      withdrawalNo: params.withdrawalNo,
    });
    return { status, statusText: WITHDRAWAL_STATUS_TEXT[status] };
  },
);
