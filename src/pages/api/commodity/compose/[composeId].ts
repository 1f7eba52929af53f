import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readCompose } from '#lib/recruiting/index.server.ts';

/** GET {composeId}?shopBizCode= → 搭配购: one set of the shop with its products priced now. Anyone. */
export const GET = endpoint(RecruitingContracts.compose, ({ params, query, context }) =>
  readCompose(context.locals.database.db, query.shopBizCode, params.composeId),
);
