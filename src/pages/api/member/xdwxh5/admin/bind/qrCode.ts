import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { createAdminGrant } from '#lib/membership/index.server.ts';

/**
 * GET ?shopBizCode=&userVerifyCode= → { qrSvg, url, expiresAt }: a one-time grant (10 minutes,
 * replacing this user's open one) for the shop owner to approve this user as administrator, as
 * the QR code of the owner's link. userVerifyCode is the six-digit check code the applicant's
 * page shows; the owner sees it too. A GET in the specification, so it refuses other sites itself.
 */
export const GET = endpoint(MembershipContracts.adminGrantQr, ({ query, user, context }) =>
  createAdminGrant(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    userVerifyCode: query.userVerifyCode,
    origin: context.locals.site.origin,
  }),
);
