import { ok } from '../../../../../../lib/domain/envelope.ts';
import { Messages } from '../../../../../../lib/domain/errors.ts';
import { shopIdSchema } from '../../../../../../lib/domain/ids.ts';
import { requireUser } from '../../../../../../lib/server/auth.ts';
import { handle, json, parseBody, parseQuery } from '../../../../../../lib/server/http.ts';
import { signContract } from '../../../../../../lib/server/services/membership.ts';

/** POST ?shopBizCode= (empty body) → code 0, data true: the member has signed the contract. */
export const POST = handle(async (context) => {
  const user = await requireUser(context);
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  await parseBody(context.request, {});
  await signContract(context.locals.database.db, shopBizCode, user.id);
  return json(ok(true, Messages.CONTRACT_SIGNED));
});
