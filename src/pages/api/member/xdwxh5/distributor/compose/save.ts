import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { saveCompose } from '#lib/recruiting/index.server.ts';

/** POST ?shopBizCode= { composeId?, title, intro, productNos } → the saved 搭配. Shop keepers. */
export const POST = endpoint(RecruitingContracts.composeSave, ({ query, body, user, context }) =>
  saveCompose(context.locals.database.db, query.shopBizCode, user.id, body),
);
