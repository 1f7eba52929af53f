import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { adminBindInfo } from '#lib/membership/index.server.ts';

/**
 * GET bind/info/display/{shopBizCode} → { shopName, shopLogoUrl, hasOwner, ownerNickname,
 * ownerPhone (masked), ownerAvatarUrl, administrator, isOwner }.
 */
export const GET = endpoint(MembershipContracts.adminBindInfo, ({ params, user, context }) =>
  adminBindInfo(context.locals.database.db, params.shopBizCode, user.id),
);
