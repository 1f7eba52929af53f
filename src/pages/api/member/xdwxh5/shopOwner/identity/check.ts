import { MembershipContracts } from '#lib/membership/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { ownerIdentity } from '#lib/membership/membership.server.ts';

/** GET ?shopBizCode= → { needBind, shopName, phone (masked, when needBind) }. */
export const GET = endpoint(MembershipContracts.ownerIdentityCheck, ({ query, user, context }) =>
  ownerIdentity(context.locals.database.db, query.shopBizCode, user.id),
);
