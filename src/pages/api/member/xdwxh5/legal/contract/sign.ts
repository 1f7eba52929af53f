import { ok } from '#lib/platform/envelope.ts';
import { Messages } from '#lib/platform/errors.ts';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, json, parseBody, parseQuery } from '#lib/platform/http.server.ts';
import { signContract } from '#lib/membership/membership.server.ts';

/** POST ?shopBizCode= (empty body) → code 0, data true: the member has signed the contract. */
export const POST = handle(async (context) => {
  const user = await requireUser(context);
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  await parseBody(context.request, {});
  await signContract(context.locals.database.db, shopBizCode, user.id);
  return json(ok(true, Messages.CONTRACT_SIGNED));
});
