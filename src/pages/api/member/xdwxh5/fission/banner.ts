import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { fissionBanner } from '#lib/recruiting/index.server.ts';

/** GET ?shopBizCode= → the fission banner (邀请好友开店) with the caller's count. Shop keepers. */
export const GET = endpoint(RecruitingContracts.fissionBanner, ({ query, user, context }) =>
  fissionBanner(context.locals.database.db, query.shopBizCode, user.id),
);
