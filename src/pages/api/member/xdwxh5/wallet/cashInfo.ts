import { DistributionContracts } from '#lib/distribution/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readCashInfo } from '#lib/distribution/withdrawals.server.ts';

/** What 申请提现 shows before confirming. */
export const GET = endpoint(DistributionContracts.cashInfo, ({ query, user, context }) =>
  readCashInfo(context.locals.database.db, query.shopBizCode, user.id),
);
