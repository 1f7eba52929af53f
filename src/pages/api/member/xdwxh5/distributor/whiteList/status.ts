import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { whiteListStatus } from '#lib/recruiting/index.server.ts';

/** GET ?shopBizCode= → { inWhiteList, reason }: may the caller invite keepers. Shop keepers. */
export const GET = endpoint(RecruitingContracts.whiteListStatus, ({ query, user, context }) =>
  whiteListStatus(context.locals.database.db, query.shopBizCode, user.id),
);
