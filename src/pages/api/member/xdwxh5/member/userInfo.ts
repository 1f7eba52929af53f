import { AppError, ErrorCode, Messages } from '../../../../../lib/domain/errors.ts';
import { requireUser } from '../../../../../lib/server/auth.ts';
import { handle, parseQuery } from '../../../../../lib/server/http.ts';
import { getUserInfo } from '../../../../../lib/server/services/member.ts';

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
