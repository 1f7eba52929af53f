import { shopIdSchema } from '../../../../../lib/domain/ids.ts';
import { requireUser } from '../../../../../lib/server/auth.ts';
import { handle, parseQuery } from '../../../../../lib/server/http.ts';
import { adminBindInfo } from '../../../../../lib/server/services/membership.ts';

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
