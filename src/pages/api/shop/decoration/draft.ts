import { DecorationContracts } from '#lib/decoration/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readDecoration } from '#lib/decoration/index.server.ts';

/** GET draft?shopBizCode= → the manager's draft and when the layout was last published. */
export const GET = endpoint(DecorationContracts.draft, ({ query, context }) =>
  readDecoration(context.locals.database.db, query.shopBizCode),
);
