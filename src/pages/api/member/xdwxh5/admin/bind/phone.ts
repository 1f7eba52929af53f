import { z } from 'zod';
import { ok } from '#lib/platform/envelope.ts';
import { Messages } from '#lib/platform/errors.ts';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { LOGIN_CODE } from '#lib/identity/login.ts';
import { refuseCrossSite, requireUser } from '#lib/membership/auth.server.ts';
import { handle, json, parseQuery } from '#lib/platform/http.server.ts';
import { bindAdminWithCode } from '#lib/membership/membership.server.ts';

/**
 * GET ?shopBizCode=&verifyCode= → binds this user as administrator with the code the owner's
 * phone received → { currentRole: 4 }. Refuses other sites itself (a GET that changes things).
 */
export const GET = handle(async (context) => {
  refuseCrossSite(context);
  const user = await requireUser(context);
  const query = parseQuery(context.url, {
    shopBizCode: shopIdSchema,
    verifyCode: z.string().regex(LOGIN_CODE, Messages.SMS_CODE_FORMAT),
  });
  const result = await bindAdminWithCode(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    code: query.verifyCode,
  });
  return json(ok(result, Messages.ADMIN_BOUND));
});
