import { z } from 'zod';
import { USER_VERIFY_CODE } from '../../../../../../lib/domain/admin-grant.ts';
import { Messages } from '../../../../../../lib/domain/errors.ts';
import { shopIdSchema } from '../../../../../../lib/domain/ids.ts';
import { refuseCrossSite, requireUser } from '../../../../../../lib/server/auth.ts';
import { isHttps } from '../../../../../../lib/server/shell.ts';
import { publicOrigin } from '../../../../../../lib/server/services/member-auth.ts';
import { handle, parseQuery } from '../../../../../../lib/server/http.ts';
import { createAdminGrant } from '../../../../../../lib/server/services/admin-grants.ts';

/**
 * GET ?shopBizCode=&userVerifyCode= → { qrSvg, url, expiresAt }: a one-time grant (10 minutes,
 * replacing this user's open one) for the shop owner to approve this user as administrator, as
 * the QR code of the owner's link. userVerifyCode is the six-digit check code the applicant's
 * page shows; the owner sees it too. A GET in the specification, so it refuses other sites itself.
 */
export const GET = handle(async (context) => {
  refuseCrossSite(context);
  const user = await requireUser(context);
  const query = parseQuery(context.url, {
    shopBizCode: shopIdSchema,
    userVerifyCode: z.string().regex(USER_VERIFY_CODE, Messages.USER_VERIFY_CODE_FORMAT),
  });
  return createAdminGrant(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    userVerifyCode: query.userVerifyCode,
    origin: publicOrigin(context.url, isHttps(context.request, context.url)),
  });
});
