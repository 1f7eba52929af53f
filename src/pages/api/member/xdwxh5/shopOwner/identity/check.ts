import { shopIdSchema } from '#lib/platform/ids.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { ownerIdentity } from '#lib/membership/membership.server.ts';

/** GET ?shopBizCode= → { needBind, shopName, phone (masked, when needBind) }. */
export const GET = handle(async (context) => {
  const user = await requireUser(context);
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  return ownerIdentity(context.locals.database.db, shopBizCode, user.id);
});
