import { shopIdSchema } from '../../../../../../lib/domain/ids.ts';
import { requireUser } from '../../../../../../lib/server/auth.ts';
import { handle, parseQuery } from '../../../../../../lib/server/http.ts';
import { contractState } from '../../../../../../lib/server/services/membership.ts';

/** GET ?shopBizCode= → { currentRole, maxRole, signAgreement, needSign } (shell §3). */
export const GET = handle(async (context) => {
  const user = await requireUser(context);
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  return contractState(context.locals.database.db, shopBizCode, user.id);
});
