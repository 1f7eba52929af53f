import { RecruitingContracts } from '#lib/recruiting/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { fissionBanner } from '#lib/recruiting/invitations.server.ts';

/** GET ?shopBizCode= → the fission banner (邀请好友开店) with the caller's count. Shop keepers. */
export const GET = endpoint(RecruitingContracts.fissionBanner, ({ query, user, context }) =>
  fissionBanner(context.locals.database.db, query.shopBizCode, user.id),
);
