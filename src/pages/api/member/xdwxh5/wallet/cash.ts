import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { applyWithdrawal } from '#lib/distribution/index.server.ts';

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
