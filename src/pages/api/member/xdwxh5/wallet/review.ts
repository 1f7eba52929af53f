import { DistributionContracts } from '#lib/distribution/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { reviewWithdrawal } from '#lib/distribution/withdrawals.server.ts';
import { payoutProvider, walletPayouts } from '#lib/distribution/payouts.server.ts';

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
