import { DistributionContracts } from '#lib/distribution/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { startEnterpriseCard } from '#lib/distribution/cards.server.ts';
import { payoutProvider } from '#lib/distribution/payouts.server.ts';

/** 企业银行卡: saved as verifying; a small amount is sent to the account. */
export const POST = endpoint(DistributionContracts.bindEnterpriseCard, ({ body, user, context }) =>
  startEnterpriseCard(context.locals.database.db, payoutProvider(), {
    userId: user.id,
    companyName: body.companyName,
    accountNo: body.accountNo,
    bankCode: body.bankCode,
  }),
);
