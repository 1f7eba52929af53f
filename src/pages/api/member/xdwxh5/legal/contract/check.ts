import { shopIdSchema } from '#lib/platform/ids.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { contractState } from '#lib/membership/membership.server.ts';

/** GET ?shopBizCode= → { currentRole, maxRole, signAgreement, needSign } (shell §3). */
export const GET = handle(async (context) => {
  const user = await requireUser(context);
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  return contractState(context.locals.database.db, shopBizCode, user.id);
});
