import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { adminBindInfo } from '#lib/membership/index.server.ts';

/** GET ?shopBizCode= → the shop owner as the application shows them (the client caches 120 s). */
export const GET = endpoint(MembershipContracts.shopOwner, async ({ query, user, context }) => {
  const info = await adminBindInfo(context.locals.database.db, query.shopBizCode, user.id);
  return {
    hasOwner: info.hasOwner,
    nickname: info.ownerNickname,
    phone: info.ownerPhone,
    avatarUrl: info.ownerAvatarUrl,
    isOwner: info.isOwner,
  };
});
