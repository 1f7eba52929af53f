import { DecorationContracts } from '#lib/decoration/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { saveDraft } from '#lib/decoration/index.server.ts';

/** POST saveDraft?shopBizCode= { modules, banners } → 草稿已保存. Managers only. */
export const POST = endpoint(DecorationContracts.saveDraft, ({ query, body, context }) =>
  saveDraft(context.locals.database.db, query.shopBizCode, body),
);
