import { MembershipContracts } from '#lib/membership/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { adminBindInfo } from '#lib/membership/membership.server.ts';

/**
 * GET bind/info/display/{shopBizCode} → { shopName, shopLogoUrl, hasOwner, ownerNickname,
 * ownerPhone (masked), ownerAvatarUrl, administrator, isOwner }.
 */
export const GET = endpoint(MembershipContracts.adminBindInfo, ({ params, user, context }) =>
  adminBindInfo(context.locals.database.db, params.shopBizCode, user.id),
);
