import { shopIdSchema } from '#lib/platform/ids.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { adminBindInfo } from '#lib/membership/membership.server.ts';

/** GET ?shopBizCode= → the shop owner as the application shows them (the client caches 120 s). */
export const GET = handle(async (context) => {
  const user = await requireUser(context);
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  const info = await adminBindInfo(context.locals.database.db, shopBizCode, user.id);
  return {
    hasOwner: info.hasOwner,
    nickname: info.ownerNickname,
    phone: info.ownerPhone,
    avatarUrl: info.ownerAvatarUrl,
    isOwner: info.isOwner,
  };
});
