import { ok } from '#lib/platform/envelope.ts';
import { Messages } from '#lib/platform/errors.ts';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { refuseCrossSite, requireUser } from '#lib/membership/auth.server.ts';
import { handle, json, parseQuery, requestClientAddress } from '#lib/platform/http.server.ts';
import { sendAdminCode } from '#lib/membership/membership.server.ts';

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
