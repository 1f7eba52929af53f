import { DecorationContracts } from '#lib/shop/decoration-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { publishDecoration } from '#lib/shop/decoration.server.ts';

/** POST publish?shopBizCode= → 发布成功: the saved draft becomes the home. Managers only. */
export const POST = endpoint(DecorationContracts.publish, ({ query, user, context }) =>
  publishDecoration(context.locals.database.db, query.shopBizCode, user.id),
);
