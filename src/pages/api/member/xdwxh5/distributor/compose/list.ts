import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { myComposes } from '#lib/recruiting/index.server.ts';

/** GET ?shopBizCode= → the caller's 搭配, priced now. Shop keepers. */
export const GET = endpoint(RecruitingContracts.composeList, ({ query, user, context }) =>
  myComposes(context.locals.database.db, query.shopBizCode, user.id),
);
