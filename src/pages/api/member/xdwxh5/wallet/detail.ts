import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readWallet } from '#lib/distribution/index.server.ts';

/** 我的钱包: the keeper's balances and movements in the shop of the query. */
export const GET = endpoint(DistributionContracts.wallet, ({ query, user, context }) =>
  readWallet(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }),
);
