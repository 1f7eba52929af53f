import { DecorationContracts } from '#lib/shop/decoration-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readDecoration } from '#lib/shop/decoration.server.ts';

/** GET draft?shopBizCode= → the manager's draft and when the layout was last published. */
export const GET = endpoint(DecorationContracts.draft, ({ query, context }) =>
  readDecoration(context.locals.database.db, query.shopBizCode),
);
