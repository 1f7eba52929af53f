import { AppError, ErrorCode, Messages } from '#lib/platform/errors.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { getUserInfo } from '#lib/membership/member.server.ts';

/**
 * GET user info (shell §3, §7 "Member info by shopId"): the signed-in user's standing in the shop
 * named by shopBizCode — { userId, nickname, avatarUrl, phone (masked), currentRole, maxRole,
 * distributorDisable, level, administrator, userType }. 100006 when logged out.
 */
export const GET = handle(async (context) => {
  const { shopBizCode } = parseQuery(context.url, {});
  const user = await requireUser(context);
  if (!shopBizCode) throw new AppError(ErrorCode.BAD_REQUEST, Messages.SHOP_ID_REQUIRED);
  return getUserInfo(context.locals.database.db, shopBizCode, user.id);
});
