import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { verifyEnterpriseCard } from '#lib/distribution/index.server.ts';
import { yuanToCents } from '#lib/distribution/index.ts';

/** 验证企业银行卡 with the amount received. */
export const POST = endpoint(
  DistributionContracts.verifyEnterpriseCard,
  ({ body, user, context }) =>
    verifyEnterpriseCard(context.locals.database.db, {
      userId: user.id,
      cardId: body.cardId,
      amountCents: yuanToCents(body.amount) ?? 0,
    }),
);
