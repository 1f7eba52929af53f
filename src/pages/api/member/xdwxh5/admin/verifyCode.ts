import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';
import { sendAdminCode } from '#lib/membership/index.server.ts';

/**
 * GET ?shopBizCode= → sends the shop owner a code authorising this user as administrator;
 * answers { ownerPhone } (masked). A GET in the specification, so it refuses other sites itself.
 */
export const GET = endpoint(MembershipContracts.adminCode, ({ query, user, context }) =>
  sendAdminCode(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    clientIp: requestClientAddress(context),
  }),
);
