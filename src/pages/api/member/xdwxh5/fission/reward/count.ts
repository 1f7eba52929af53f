import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { inviteCounts } from '#lib/recruiting/index.server.ts';

/** GET ?shopBizCode= → { invited, valid, validThisMonth }. Shop keepers. */
export const GET = endpoint(RecruitingContracts.rewardCount, ({ query, user, context }) =>
  inviteCounts(context.locals.database.db, query.shopBizCode, user.id),
);
