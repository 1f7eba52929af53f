import { shopIdSchema } from '#lib/platform/ids.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { registrationState } from '#lib/membership/membership.server.ts';

/** GET ?shopBizCode= → { registered, distributorDisable, currentRole }. */
export const GET = handle(async (context) => {
  const user = await requireUser(context);
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  return registrationState(context.locals.database.db, shopBizCode, user.id);
});
