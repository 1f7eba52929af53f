import { RecruitingContracts } from '#lib/recruiting/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { whiteListStatus } from '#lib/recruiting/invitations.server.ts';

/** GET ?shopBizCode= → { inWhiteList, reason }: may the caller invite keepers. Shop keepers. */
export const GET = endpoint(RecruitingContracts.whiteListStatus, ({ query, user, context }) =>
  whiteListStatus(context.locals.database.db, query.shopBizCode, user.id),
);
