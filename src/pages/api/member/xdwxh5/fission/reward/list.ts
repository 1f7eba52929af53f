import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { invitedKeepers } from '#lib/recruiting/index.server.ts';

/** GET ?shopBizCode=&pageNum=&pageSize= → the caller's 有效邀请, masked. Shop keepers. */
export const GET = endpoint(RecruitingContracts.rewardList, ({ query, user, context }) =>
  invitedKeepers(context.locals.database.db, query.shopBizCode, user.id, {
    ...query,
    validOnly: true,
  }),
);
