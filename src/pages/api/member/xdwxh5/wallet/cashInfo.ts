import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readCashInfo } from '#lib/distribution/index.server.ts';

/** What 申请提现 shows before confirming. */
export const GET = endpoint(DistributionContracts.cashInfo, ({ query, user, context }) =>
  readCashInfo(context.locals.database.db, query.shopBizCode, user.id),
);
