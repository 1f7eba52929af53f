import { shopIdSchema } from '../../../../../../lib/domain/ids.ts';
import { requireUser } from '../../../../../../lib/server/auth.ts';
import { handle, parseQuery } from '../../../../../../lib/server/http.ts';
import { ownerIdentity } from '../../../../../../lib/server/services/membership.ts';

/** GET ?shopBizCode= → { needBind, shopName, phone (masked, when needBind) }. */
export const GET = handle(async (context) => {
  const user = await requireUser(context);
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  return ownerIdentity(context.locals.database.db, shopBizCode, user.id);
});
