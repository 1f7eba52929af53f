import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { startEnterpriseCard } from '#lib/distribution/index.server.ts';
import { payoutProvider } from '#lib/distribution/index.server.ts';

/** 企业银行卡: saved as verifying; a small amount is sent to the account. */
export const POST = endpoint(DistributionContracts.bindEnterpriseCard, ({ body, user, context }) =>
  startEnterpriseCard(context.locals.database.db, payoutProvider(), {
    userId: user.id,
    companyName: body.companyName,
    accountNo: body.accountNo,
    bankCode: body.bankCode,
  }),
);
