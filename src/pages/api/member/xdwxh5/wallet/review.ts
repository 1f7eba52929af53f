import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { reviewWithdrawal } from '#lib/distribution/index.server.ts';
import { payoutProvider, walletPayouts } from '#lib/distribution/index.server.ts';

/** The owner approves (the payout is sent) or rejects with a reason (the money goes back). */
export const POST = endpoint(
  DistributionContracts.review,
  async ({ query, body, user, context }) => {
    const db = context.locals.database.db;
    const payouts = { cards: payoutProvider(), wallet: await walletPayouts(db) };
    return reviewWithdrawal(db, payouts, {
      shopId: query.shopBizCode,
      reviewerId: user.id,
      withdrawalNo: body.withdrawalNo,
      approve: body.approve,
      reason: body.reason,
    });
  },
);
