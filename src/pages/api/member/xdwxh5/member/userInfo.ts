import { MembershipContracts } from '#lib/membership/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getUserInfo } from '#lib/membership/index.server.ts';

/**
 * GET user info (shell §3, §7 "Member info by shopId"): the signed-in user's standing in the shop
 * named by shopBizCode — { userId, nickname, avatarUrl, phone (masked), currentRole, maxRole,
 * distributorDisable, level, administrator, userType }. 100006 when logged out.
 */
export const GET = endpoint(MembershipContracts.userInfo, ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return getUserInfo(context.locals.database.db, query.shopBizCode, user.id);
});
