import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { invitedKeepers } from '#lib/recruiting/index.server.ts';

/** GET ?shopBizCode=&pageNum=&pageSize= → the keepers the caller invited, masked. Shop keepers. */
export const GET = endpoint(RecruitingContracts.myDistributors, ({ query, user, context }) =>
  invitedKeepers(context.locals.database.db, query.shopBizCode, user.id, query),
);
