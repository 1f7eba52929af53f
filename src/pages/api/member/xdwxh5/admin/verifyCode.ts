import { ok } from '../../../../../lib/domain/envelope.ts';
import { Messages } from '../../../../../lib/domain/errors.ts';
import { shopIdSchema } from '../../../../../lib/domain/ids.ts';
import { refuseCrossSite, requireUser } from '../../../../../lib/server/auth.ts';
import { handle, json, parseQuery, requestClientAddress } from '../../../../../lib/server/http.ts';
import { sendAdminCode } from '../../../../../lib/server/services/membership.ts';

/**
 * GET ?shopBizCode= → sends the shop owner a code authorising this user as administrator;
 * answers { ownerPhone } (masked). A GET in the specification, so it refuses other sites itself.
 */
export const GET = handle(async (context) => {
  refuseCrossSite(context);
  const user = await requireUser(context);
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  const result = await sendAdminCode(context.locals.database.db, {
    shopId: shopBizCode,
    userId: user.id,
    clientIp: requestClientAddress(context),
  });
  return json(ok(result, Messages.CODE_SENT));
});
