import { shopIdSchema } from '#lib/platform/ids.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { adminBindInfo } from '#lib/membership/membership.server.ts';

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
