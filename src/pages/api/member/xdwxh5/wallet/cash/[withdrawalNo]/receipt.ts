import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { walletPayouts } from '#lib/distribution/index.server.ts';
import { receiptRequest } from '#lib/distribution/index.server.ts';

/** 确认收款: the confirm-receipt sheet's parameters (merchant, app, package_info). */
export const GET = endpoint(
  DistributionContracts.receipt,
  async ({ params, query, user, context }) => {
    const db = context.locals.database.db;
    return receiptRequest(db, await walletPayouts(db), {
      shopId: query.shopBizCode,
      userId: user.id,
      withdrawalNo: params.withdrawalNo,
    });
  },
);
