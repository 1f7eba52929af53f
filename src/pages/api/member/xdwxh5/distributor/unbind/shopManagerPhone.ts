import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { shopManagerPhone } from '#lib/recruiting/index.server.ts';

/** GET ?shopBizCode= → the shop manager's nickname and masked phone. Shop keepers. */
export const GET = endpoint(RecruitingContracts.shopManagerPhone, ({ query, user, context }) =>
  shopManagerPhone(context.locals.database.db, query.shopBizCode, user.id),
);
