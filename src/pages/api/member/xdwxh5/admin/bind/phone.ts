import { z } from 'zod';
import { ok } from '../../../../../../lib/domain/envelope.ts';
import { Messages } from '../../../../../../lib/domain/errors.ts';
import { shopIdSchema } from '../../../../../../lib/domain/ids.ts';
import { LOGIN_CODE } from '../../../../../../lib/domain/login.ts';
import { refuseCrossSite, requireUser } from '../../../../../../lib/server/auth.ts';
import { handle, json, parseQuery } from '../../../../../../lib/server/http.ts';
import { bindAdminWithCode } from '../../../../../../lib/server/services/membership.ts';

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
