import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';
import { bindAdminWithCode } from '#lib/membership/index.server.ts';

/**
 * GET ?shopBizCode=&verifyCode= → binds this user as administrator with the code the owner's
 * phone received → { currentRole: 4 }. Refuses other sites itself (a GET that changes things).
 */
export const GET = endpoint(MembershipContracts.adminBindWithCode, ({ query, user, context }) =>
  bindAdminWithCode(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    code: query.verifyCode,
    clientIp: requestClientAddress(context),
  }),
);
