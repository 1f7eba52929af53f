import { DistributionContracts } from '#lib/distribution/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { applyWithdrawal } from '#lib/distribution/withdrawals.server.ts';

/** 申请提现: the amount moves to 提现中 until the shop owner decides. */
export const POST = endpoint(DistributionContracts.cash, ({ query, body, user, context }) =>
  applyWithdrawal(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    amountCents: body.amountCents,
    destination: body.destination,
    bankCardId: body.bankCardId,
    idempotencyKey: body.idempotencyKey,
  }),
);
