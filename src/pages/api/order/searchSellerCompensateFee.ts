import { InsuranceContracts } from '#lib/insurance/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { listShopClaims } from '#lib/insurance/insurance.server.ts';

/** The shop's freight insurance compensations (运费险赔付), for its owner. */
export const GET = endpoint(InsuranceContracts.compensateFees, async ({ query, user, context }) =>
  listShopClaims(context.locals.database.db, {
    shopId: query.shopBizCode,
    ownerId: user.id,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }),
);
