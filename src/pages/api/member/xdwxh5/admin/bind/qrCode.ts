import { z } from 'zod';
import { USER_VERIFY_CODE } from '#lib/membership/admin-grant.ts';
import { Messages } from '#lib/platform/errors.ts';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { refuseCrossSite, requireUser } from '#lib/membership/auth.server.ts';
import { isHttps } from '#lib/shell/context.server.ts';
import { publicOrigin } from '#lib/identity/member-auth.server.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { createAdminGrant } from '#lib/membership/admin-grants.server.ts';

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
