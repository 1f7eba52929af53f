import { DecorationContracts } from '#lib/shop/decoration-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { saveDraft } from '#lib/shop/decoration.server.ts';

/** POST saveDraft?shopBizCode= { modules, banners } → 草稿已保存. Managers only. */
export const POST = endpoint(DecorationContracts.saveDraft, ({ query, body, context }) =>
  saveDraft(context.locals.database.db, query.shopBizCode, body),
);
