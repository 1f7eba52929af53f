import { RecruitingContracts } from '#lib/recruiting/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { inviteCounts } from '#lib/recruiting/invitations.server.ts';

/** GET ?shopBizCode= → { invited, valid, validThisMonth }. Shop keepers. */
export const GET = endpoint(RecruitingContracts.rewardCount, ({ query, user, context }) =>
  inviteCounts(context.locals.database.db, query.shopBizCode, user.id),
);
