import { DecorationContracts } from '#lib/decoration/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { publishDecoration } from '#lib/decoration/index.server.ts';

/** POST publish?shopBizCode= → 发布成功: the saved draft becomes the home. Managers only. */
export const POST = endpoint(DecorationContracts.publish, ({ query, user, context }) =>
  publishDecoration(context.locals.database.db, query.shopBizCode, user.id),
);
