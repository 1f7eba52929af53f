import { RecruitingContracts } from '#lib/recruiting/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { shopManagerPhone } from '#lib/recruiting/unbinding.server.ts';

/** GET ?shopBizCode= → the shop manager's nickname and masked phone. Shop keepers. */
export const GET = endpoint(RecruitingContracts.shopManagerPhone, ({ query, user, context }) =>
  shopManagerPhone(context.locals.database.db, query.shopBizCode, user.id),
);
