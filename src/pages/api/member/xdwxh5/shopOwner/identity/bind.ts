import { ok } from '#lib/platform/envelope.ts';
import { Messages } from '#lib/platform/errors.ts';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, json, parseBody, parseQuery } from '#lib/platform/http.server.ts';
import { bindOwnerIdentity } from '#lib/membership/membership.server.ts';

/** POST ?shopBizCode= → code 0 with 店主身份绑定成功，你可以管理该店铺。 */
export const POST = handle(async (context) => {
  const user = await requireUser(context);
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  await parseBody(context.request, {});
  await bindOwnerIdentity(context.locals.database.db, shopBizCode, user.id);
  return json(ok(true, Messages.OWNER_BOUND));
});
