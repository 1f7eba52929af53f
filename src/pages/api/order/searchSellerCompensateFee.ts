import { InsuranceContracts } from '#lib/insurance/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listShopClaims } from '#lib/insurance/index.server.ts';

/** The shop's freight insurance compensations (运费险赔付), for its owner. */
export const GET = endpoint(InsuranceContracts.compensateFees, async ({ query, user, context }) =>
  listShopClaims(context.locals.database.db, {
    shopId: query.shopBizCode,
    ownerId: user.id,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }),
);
