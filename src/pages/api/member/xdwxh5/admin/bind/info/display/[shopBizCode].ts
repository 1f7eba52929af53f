import { shopIdSchema } from '../../../../../../../../lib/domain/ids.ts';
import { requireUser } from '../../../../../../../../lib/server/auth.ts';
import { handle, parseParams, parseQuery } from '../../../../../../../../lib/server/http.ts';
import { adminBindInfo } from '../../../../../../../../lib/server/services/membership.ts';

/**
 * GET bind/info/display/{shopBizCode} → { shopName, shopLogoUrl, hasOwner, ownerNickname,
 * ownerPhone (masked), ownerAvatarUrl, administrator, isOwner }.
 */
export const GET = handle(async (context) => {
  const user = await requireUser(context);
  const { shopBizCode } = parseParams(context.params, { shopBizCode: shopIdSchema });
  parseQuery(context.url, {});
  return adminBindInfo(context.locals.database.db, shopBizCode, user.id);
});
