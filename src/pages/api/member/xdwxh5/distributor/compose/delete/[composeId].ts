import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { deleteCompose } from '#lib/recruiting/index.server.ts';

/** POST delete/{composeId}?shopBizCode= → deletes one of the caller's 搭配. Shop keepers. */
export const POST = endpoint(
  RecruitingContracts.composeDelete,
  ({ params, query, user, context }) =>
    deleteCompose(context.locals.database.db, query.shopBizCode, user.id, params.composeId),
);
