import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { startEnterpriseCard } from '#lib/distribution/index.server.ts';
import { enterpriseAccountsOn, payoutProvider } from '#lib/distribution/index.server.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';

/** 企业银行卡: saved as verifying; a small amount is sent to the account (a demo's only, decision 055). */
export const POST = endpoint(
  DistributionContracts.bindEnterpriseCard,
  ({ body, user, context }) => {
    if (!enterpriseAccountsOn()) throw appError(Errors.WITHDRAW_DESTINATION_OFF);
    return startEnterpriseCard(context.locals.database.db, payoutProvider(), {
      userId: user.id,
      companyName: body.companyName,
      accountNo: body.accountNo,
      bankCode: body.bankCode,
    });
  },
);
